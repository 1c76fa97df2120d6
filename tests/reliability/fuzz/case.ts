// One fuzz request and what the API must answer to it.
import type { OutgoingRequest } from '../http';

export interface Expectation {
  /** Acceptable statuses. */
  status: readonly number[];
  /**
   * 'error': a function's JSON error `{ error: string, … }` a visitor can read (no internal text);
   * 'json': any JSON object from a function (success answers);
   * 'page': the site's 404 page (the path matches no function);
   * 'none': a HEAD answer (no body to look at).
   */
  kind: 'error' | 'json' | 'page' | 'none';
  /** Keys that must be in `fields`, with their message when it is fixed (400 answers). */
  fields?: Record<string, string | undefined>;
  error?: string | RegExp;
  /** The Allow header (405 answers). */
  allow?: string;
  /** Exact JSON body (success answers). */
  body?: unknown;
}

export interface FuzzCase {
  /** Which kind of bad request (summary counts). */
  category: string;
  /** What was sent, for failure messages. */
  label: string;
  request: OutgoingRequest;
  expect: Expectation;
}

/** What every request of the fuzz needs from the running site. */
export interface FuzzContext {
  /** The site's own origin (the Origin header of the site's own pages). */
  origin: string;
}

export const INVALID_JSON = 'The request body is not valid JSON.';
export const NOT_JSON = 'Send the request body as JSON (Content-Type: application/json).';
export const TOO_LARGE = /^The request body is too large/;
export const FOREIGN_ORIGIN = 'This request must come from the site itself.';
export const NOT_SIGNED_IN = 'Authentication required';
export const METHODS_NOT_ALLOWED = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;

/** The 405 cases of an endpoint: every method it does not accept, answered with the Allow header. */
export function methodCases(
  endpoint: string,
  path: string,
  accepted: readonly string[],
  options: { allow?: string; headers?: Record<string, string> } = {},
): FuzzCase[] {
  const allow = options.allow ?? accepted.join(', ');
  return METHODS_NOT_ALLOWED.filter((method) => !accepted.includes(method)).map((method) => ({
    category: 'wrong method',
    label: `${method} ${endpoint}`,
    request: { method, path, headers: options.headers ?? {} },
    expect: method === 'HEAD' ? { status: [405], kind: 'none', allow } : { status: [405], kind: 'error', allow },
  }));
}
