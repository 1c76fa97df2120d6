import { afterEach, describe, expect, it, vi } from 'vitest';
import { $toast, dismissToast, showToast, TOAST_DURATION_MS } from './toast';

describe('toast store', () => {
  afterEach(() => {
    vi.useRealTimers();
    dismissToast();
  });

  it('keeps one toast at a time and hides it after 5000 ms', () => {
    vi.useFakeTimers();
    showToast({ title: 'First' });
    const second = showToast({ title: 'Booking Request Submitted!', description: "We'll contact you soon to confirm your event details." });
    expect($toast.get()).toEqual(second);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect($toast.get()?.title).toBe('Booking Request Submitted!');
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('does not let an old timer hide a newer toast', () => {
    const first = showToast({ title: 'Old' });
    showToast({ title: 'New', variant: 'destructive' });
    dismissToast(first.id);
    expect($toast.get()?.title).toBe('New');
    expect($toast.get()?.variant).toBe('destructive');
  });
});
