import { atom } from 'nanostores';

/** One toast is visible at a time, shown for 5000 ms unless it says otherwise. */
export const TOAST_DURATION_MS = 5000;

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
}

/** The toast on screen, shared by every island of a page. */
export const $toast = atom<Toast | null>(null);

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Shows a toast, replacing any toast on screen, and hides it after the duration. */
export function showToast(toast: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }, durationMs = TOAST_DURATION_MS): Toast {
  const shown: Toast = { id: nextId++, variant: 'default', ...toast };
  $toast.set(shown);
  clearTimeout(timer);
  timer = setTimeout(() => dismissToast(shown.id), durationMs);
  return shown;
}

/** Hides the toast with this id (a newer toast stays). */
export function dismissToast(id?: number): void {
  const current = $toast.get();
  if (current && (id === undefined || current.id === id)) $toast.set(null);
}
