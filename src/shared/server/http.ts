/**
 * Response helpers shared by every function. Functions set their own headers (netlify.toml's and
 * dist/_headers' rules apply to static files only): every answer built here carries the security
 * headers of src/security/headers.ts, and `handle()` passes whatever a function returns through
 * `withSecurityHeaders`, so no answer can go out without them.
 */
import type { AnswerOf, Endpoint } from '../contract/endpoint';
import { FUNCTION_SECURITY_HEADERS } from '../../security/headers';

/**
 * The same answer with `extra` and the security headers set (the security headers win over any the
 * function set itself); the same object when it already carries them all, as json() answers do.
 */
export function withSecurityHeaders(response: Response, extra: Readonly<Record<string, string>> = {}): Response {
  const wanted = Object.entries({ ...extra, ...FUNCTION_SECURITY_HEADERS });
  if (wanted.every(([name, value]) => response.headers.get(name) === value)) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of wanted) headers.set(name, value);
  // A new Response: Response.redirect() and fetch() answers have immutable headers.
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
      ...FUNCTION_SECURITY_HEADERS,
    },
  });
}

/**
 * The answer of an endpoint of a contract (src/domain/api): the value is typed by the endpoint's
 * answer, so a function returning another shape does not compile.
 */
export function answer<E extends Endpoint>(_endpoint: E, value: AnswerOf<E>, status = 200, headers: Record<string, string> = {}): Response {
  return json(value, status, headers);
}

/** A JSON error a visitor can read: never internal text. */
export function jsonError(status: number, error: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Response {
  return json({ error, ...extra }, status, headers);
}

/** 405 with the Allow header listing what the endpoint accepts. */
export function methodNotAllowed(allowed: readonly string[]): Response {
  return jsonError(405, `Method not allowed. Use ${allowed.join(' or ')}.`, {}, { Allow: allowed.join(', ') });
}
