import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { notifyEmailProblem, notifyOutcome } from './notify-form';

describe('the notify-me form', () => {
  it('checks the address before sending, with the form’s message', () => {
    expect(notifyEmailProblem(' casey@example.com ')).toBeNull();
    for (const bad of ['', 'casey', 'casey@', '@example.com', 'casey@example', 'a b@example.com']) expect(notifyEmailProblem(bad)).toBe('Valid email is required');
  });

  it('thanks the visitor by address, or says why not', () => {
    expect(notifyOutcome('casey@example.com', null)).toEqual({ status: "Thanks! We'll e-mail casey@example.com once, when registration opens.", fieldError: null });
    const refused = new ApiError(400, JSON.stringify({ error: 'Valid email is required', fields: { email: 'Valid email is required' } }), 'Bad Request');
    expect(notifyOutcome('x@y.z', refused)).toEqual({ status: '', fieldError: 'Valid email is required' });
    const limited = new ApiError(429, JSON.stringify({ error: 'Too many sign-ups from your connection. Please wait a few minutes or call us.' }), 'Too Many Requests');
    expect(notifyOutcome('x@y.z', limited).status).toBe('Too many sign-ups from your connection. Please wait a few minutes or call us.');
    expect(notifyOutcome('x@y.z', new TypeError('Failed to fetch')).status).toBe('We could not save your address. Please try again or call us.');
  });
});
