/**
 * Admin sessions: a jose HS256 JWT in the `admin_session` cookie (HttpOnly, Secure except on
 * http://localhost, SameSite=Strict, Path=/, 2 hours), the password check, and the guards every
 * /api/admin/* function runs: a valid session (else 401) and, on state-changing calls, an Origin
 * equal to the site's own (else 403).
 */
import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { readAdminAuthSettings, readSiteUrl, type AdminAuthSettings } from '../../../shared/server/env';
import { cookieAttributes, readCookie } from '../../../shared/server/cookies';
import { HttpError } from '../../../shared/server/request';
import { hashPassword, parsePasswordHash, verifyPassword } from './password';

export { readCookie };

export const SESSION_COOKIE = 'admin_session';
export const SESSION_LIFETIME_SECONDS = 2 * 60 * 60;
const ISSUER = 'venue-site';
const AUDIENCE = 'venue-admin';

export const NOT_SIGNED_IN_MESSAGE = 'Authentication required';
export const ADMIN_UNCONFIGURED_MESSAGE = 'Admin sign-in is not configured on the server. Please contact the site administrator.';

/** Headers every admin answer carries (set by adminHandle): never cached, varies with the session cookie. */
export const ADMIN_HEADERS: Readonly<Record<string, string>> = { 'Cache-Control': 'no-store', Vary: 'Cookie' };

function unconfigured(detail: string): HttpError {
  console.error(`[admin] ${detail}`);
  return new HttpError(503, ADMIN_UNCONFIGURED_MESSAGE);
}

/**
 * The admin settings, checked before any password or cookie is looked at: 503 (and one log line naming
 * the variable) when the staff password or, in production, ADMIN_JWT_SECRET is missing or malformed.
 */
export function requireAdminConfigured(env: NodeJS.ProcessEnv = process.env): AdminAuthSettings {
  const settings = readAdminAuthSettings(env);
  if (settings.passwordHash && !parsePasswordHash(settings.passwordHash)) throw unconfigured('ADMIN_PASSWORD_HASH is malformed; run npm run admin:hash.');
  if (!settings.passwordHash && !settings.password) {
    throw unconfigured(settings.production ? 'ADMIN_PASSWORD_HASH is not set.' : 'Neither ADMIN_PASSWORD_HASH nor ADMIN_PASSWORD is set.');
  }
  jwtKey(env);
  return settings;
}

let localHash: { password: string; hash: Promise<string> } | null = null;

/** The scrypt hash to check passwords against: ADMIN_PASSWORD_HASH, or (local runs) ADMIN_PASSWORD hashed once. */
function passwordHash(settings: AdminAuthSettings): Promise<string> {
  if (settings.passwordHash) return Promise.resolve(settings.passwordHash);
  // requireAdminConfigured() made sure ADMIN_PASSWORD is set when there is no hash.
  const password = settings.password!;
  if (localHash?.password !== password) localHash = { password, hash: hashPassword(password) };
  return localHash.hash;
}

export async function checkAdminPassword(password: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  return verifyPassword(password, await passwordHash(requireAdminConfigured(env)));
}

/**
 * The JWT signing key: ADMIN_JWT_SECRET; on local runs without it, a key derived from the configured
 * password (stable across processes, changes when the password changes). Production requires it.
 */
export function jwtKey(env: NodeJS.ProcessEnv = process.env): Uint8Array {
  const settings = readAdminAuthSettings(env);
  if (settings.jwtSecret) {
    if (settings.jwtSecret.length < 32) throw unconfigured('ADMIN_JWT_SECRET must be at least 32 characters.');
    return new TextEncoder().encode(settings.jwtSecret);
  }
  if (settings.production) throw unconfigured('ADMIN_JWT_SECRET is not set.');
  const material = settings.passwordHash ?? settings.password;
  if (!material) throw unconfigured('Neither ADMIN_PASSWORD_HASH nor ADMIN_PASSWORD is set.');
  return createHmac('sha256', 'local-admin-jwt-secret').update(material).digest();
}

export async function issueSessionToken(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new SignJWT({ role: 'admin' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('admin')
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_LIFETIME_SECONDS}s`)
    .sign(jwtKey(env));
}

export async function isValidSessionToken(token: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const key = jwtKey(env);
  try {
    // A token must say when it was issued and when it expires, and is never older than a session lasts.
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['iat', 'exp'],
      maxTokenAge: SESSION_LIFETIME_SECONDS,
    });
    return payload['role'] === 'admin';
  } catch {
    return false;
  }
}

export function sessionCookie(request: Request, token: string): string {
  return `${SESSION_COOKIE}=${token}; ${cookieAttributes(request, SESSION_LIFETIME_SECONDS, 'Strict')}`;
}

export function clearedSessionCookie(request: Request): string {
  return `${SESSION_COOKIE}=; ${cookieAttributes(request, 0, 'Strict')}`;
}

/** Throws 503 when admin sign-in is not configured, else 401 unless the request carries a valid admin session cookie. */
export async function requireAdmin(request: Request, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  requireAdminConfigured(env);
  const token = readCookie(request, SESSION_COOKIE);
  if (!token || !(await isValidSessionToken(token, env))) throw new HttpError(401, NOT_SIGNED_IN_MESSAGE);
}

/**
 * Whether the request carries a valid admin session, for public endpoints that tell staff more: no
 * cookie, an invalid one or sign-in not configured all read as "not staff" (never an error).
 */
export async function hasAdminSession(request: Request, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return false;
  try {
    requireAdminConfigured(env);
    return await isValidSessionToken(token, env);
  } catch {
    return false;
  }
}

/** Throws 403 unless a state-changing request comes from the site itself (Origin = own origin or SITE_URL). */
export function requireSameOrigin(request: Request, env: NodeJS.ProcessEnv = process.env): void {
  const origin = request.headers.get('origin');
  const allowed = new Set([new URL(request.url).origin]);
  const site = readSiteUrl(env);
  if (site) {
    try {
      allowed.add(new URL(site).origin);
    } catch {
      // A malformed SITE_URL adds nothing.
    }
  }
  if (!origin || !allowed.has(origin)) throw new HttpError(403, 'This request must come from the site itself.');
}
