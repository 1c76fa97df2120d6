/**
 * Cookies of the site's sessions: reading one cookie of a request, and the attributes every session
 * cookie carries (HttpOnly, Path=/, Secure except on http://localhost so local runs work).
 */
import { isLoopbackUrl } from './request';

/** The value of one cookie of the request, or undefined. */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

export function cookieAttributes(request: Request, maxAge: number, sameSite: 'Strict' | 'Lax'): string {
  const url = new URL(request.url);
  const secure = !(url.protocol === 'http:' && isLoopbackUrl(url));
  return [`Path=/`, 'HttpOnly', ...(secure ? ['Secure'] : []), `SameSite=${sameSite}`, `Max-Age=${maxAge}`].join('; ');
}
