import { describe, expect, it } from 'vitest';
import { connectionFailure, lockedToast, loginFailure } from './login';

describe('admin login answers', () => {
  it('shows the lockout with the minutes left on 429', () => {
    expect(loginFailure(429, { error: 'Too many failed attempts', lockoutRemaining: 15 })).toEqual({
      message: 'Too many failed attempts. Try again in 15 minutes.',
      toast: 'Account locked. Try again in 15 minutes.',
      lockoutRemaining: 15,
    });
    expect(loginFailure(429, { lockoutRemaining: 1 })).toEqual({
      message: 'Too many failed attempts. Try again in 1 minute.',
      toast: 'Account locked. Try again in 1 minute.',
      lockoutRemaining: 1,
    });
  });

  it('falls back to the error (or Authentication failed.) when 429 has no lockout time', () => {
    expect(loginFailure(429, {})).toEqual({ message: 'Too many failed attempts.', toast: 'Authentication failed.' });
    expect(loginFailure(429, { error: 'Slow down.' })).toEqual({ message: 'Slow down.', toast: 'Slow down.' });
  });

  it('shows the server error, else Invalid credentials, for other failures', () => {
    expect(loginFailure(401, { error: 'Invalid credentials' })).toEqual({ message: 'Invalid credentials', toast: 'Invalid credentials' });
    expect(loginFailure(401, undefined)).toEqual({ message: 'Invalid credentials', toast: 'Authentication failed.' });
    expect(loginFailure(503, { error: 'Admin sign-in is not configured.' })).toEqual({ message: 'Admin sign-in is not configured.', toast: 'Admin sign-in is not configured.' });
  });

  it('has the connection error and the locked toast text', () => {
    expect(connectionFailure()).toEqual({ message: 'Connection error. Please try again.', toast: 'Connection error. Please try again.' });
    expect(lockedToast(3)).toBe('Account locked. Try again in 3 minutes.');
  });
});
