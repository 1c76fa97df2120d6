/**
 * What the admin login shows for each answer of POST /api/admin/auth/login: the
 * message under the form and the 'Access denied' / 'Access granted' toasts.
 */
export const LOGIN_MESSAGES = {
  tooManyAttempts: 'Too many failed attempts',
  invalidCredentials: 'Invalid credentials',
  connectionError: 'Connection error. Please try again.',
  deniedTitle: 'Access denied',
  deniedFallback: 'Authentication failed.',
  grantedTitle: 'Access granted',
  grantedText: 'Welcome to the admin area.',
} as const;

export interface LoginFailure {
  /** Shown under the password field. */
  message: string;
  /** The 'Access denied' toast's text. */
  toast: string;
  /** Minutes until another try is allowed (429 only). */
  lockoutRemaining?: number;
}

/** "Account locked. Try again in 15 minutes." */
export function lockedToast(minutes: number): string {
  return `Account locked. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

function readLockout(value: unknown): number | undefined {
  const minutes = typeof value === 'string' ? Number(value) : value;
  return typeof minutes === 'number' && Number.isFinite(minutes) && minutes > 0 ? Math.ceil(minutes) : undefined;
}

/**
 * A refused login: status 429 shows the server's error (or 'Too many failed attempts') with the
 * minutes left; any other status the server's error or 'Invalid credentials'.
 */
export function loginFailure(status: number, body: { error?: unknown; lockoutRemaining?: unknown } | undefined): LoginFailure {
  const serverError = typeof body?.error === 'string' && body.error.trim() ? body.error.trim() : undefined;
  if (status === 429) {
    const lockoutRemaining = readLockout(body?.lockoutRemaining);
    const base = serverError ?? LOGIN_MESSAGES.tooManyAttempts;
    if (lockoutRemaining === undefined) return { message: `${base}.`.replace(/\.\.$/, '.'), toast: serverError ?? LOGIN_MESSAGES.deniedFallback };
    return {
      message: `${base}. Try again in ${lockoutRemaining} ${lockoutRemaining === 1 ? 'minute' : 'minutes'}.`.replace('.. ', '. '),
      toast: lockedToast(lockoutRemaining),
      lockoutRemaining,
    };
  }
  return { message: serverError ?? LOGIN_MESSAGES.invalidCredentials, toast: serverError ?? LOGIN_MESSAGES.deniedFallback };
}

/** The browser could not reach the server at all. */
export function connectionFailure(): LoginFailure {
  return { message: LOGIN_MESSAGES.connectionError, toast: LOGIN_MESSAGES.connectionError };
}
