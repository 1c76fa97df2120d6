/**
 * Response helpers shared by every function. Functions set their own headers (netlify.toml's
 * headers apply to static files only).
 */
export const FUNCTION_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...FUNCTION_SECURITY_HEADERS,
      ...headers,
    },
  });
}

/** A JSON error a visitor can read: never internal text. */
export function jsonError(status: number, error: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Response {
  return json({ error, ...extra }, status, headers);
}

/** 405 with the Allow header listing what the endpoint accepts. */
export function methodNotAllowed(allowed: readonly string[]): Response {
  return jsonError(405, `Method not allowed. Use ${allowed.join(' or ')}.`, {}, { Allow: allowed.join(', ') });
}
