/**
 * The admin session as the staff pages see it: 'loading' until the session check answers, then
 * 'authenticated' or 'unauthenticated'. The server's HttpOnly cookie is the real session; the
 * localStorage flag `adminAuthenticated` = 'true' only remembers that this browser logged in (set
 * after login, removed on a failed check, a failed login or logout).
 */
import { atom } from 'nanostores';
import { adminLogin } from '../contract/admin-auth-login';
import { adminLogout } from '../contract/admin-auth-logout';
import { adminVerify } from '../contract/admin-auth-verify';
import { ApiError, callApi, type FetchLike } from '../../../lib/api-client';
import { connectionFailure, loginFailure, type LoginFailure } from '../rules/login';

export type AdminAuthState = 'loading' | 'authenticated' | 'unauthenticated';

export const $adminAuth = atom<AdminAuthState>('loading');

export const ADMIN_FLAG_KEY = 'adminAuthenticated';
export const ADMIN_LOGIN_PATH = '/admin/login';
export const ADMIN_HOME_PATH = '/admin';

/** The browser pieces the store uses, replaceable in tests. */
export interface AdminAuthDeps {
  fetcher?: FetchLike;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

function storageOf(deps: AdminAuthDeps): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null {
  if (deps.storage !== undefined) return deps.storage;
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be blocked (privacy settings): the flag is then simply never set.
    return null;
  }
}

export function hasAdminFlag(deps: AdminAuthDeps = {}): boolean {
  return storageOf(deps)?.getItem(ADMIN_FLAG_KEY) === 'true';
}

function setFlag(deps: AdminAuthDeps, on: boolean): void {
  const storage = storageOf(deps);
  try {
    if (on) storage?.setItem(ADMIN_FLAG_KEY, 'true');
    else storage?.removeItem(ADMIN_FLAG_KEY);
  } catch {
    // A full or blocked storage only loses the hint; the cookie session still decides.
  }
}

/**
 * Checks the session (GET /api/admin/auth/verify, body not read): ok → authenticated; any other
 * answer clears the flag → unauthenticated; no answer at all → unauthenticated.
 */
export async function verifyAdminSession(deps: AdminAuthDeps = {}): Promise<AdminAuthState> {
  $adminAuth.set('loading');
  try {
    await callApi(adminVerify, { fetcher: deps.fetcher });
    $adminAuth.set('authenticated');
  } catch (error) {
    if (error instanceof ApiError) setFlag(deps, false);
    $adminAuth.set('unauthenticated');
  }
  return $adminAuth.get();
}

export type LoginResult = { ok: true } | ({ ok: false } & LoginFailure);

/** POST /api/admin/auth/login { password }: sets the flag on success, clears it on any failure. */
export async function loginAdmin(password: string, deps: AdminAuthDeps = {}): Promise<LoginResult> {
  try {
    await callApi(adminLogin, { body: { password }, fetcher: deps.fetcher });
    setFlag(deps, true);
    $adminAuth.set('authenticated');
    return { ok: true };
  } catch (error) {
    setFlag(deps, false);
    $adminAuth.set('unauthenticated');
    const failure = error instanceof ApiError ? loginFailure(error.status, error.json()) : connectionFailure();
    return { ok: false, ...failure };
  }
}

/**
 * POST /api/admin/auth/logout; whatever happens, the browser ends logged out: the failure is only
 * logged, the flag cleared and the state unauthenticated.
 */
export async function logoutAdmin(deps: AdminAuthDeps = {}): Promise<void> {
  try {
    await callApi(adminLogout, { fetcher: deps.fetcher });
  } catch (error) {
    console.error('Admin logout failed; signing out locally anyway.', error);
  } finally {
    setFlag(deps, false);
    $adminAuth.set('unauthenticated');
  }
}
