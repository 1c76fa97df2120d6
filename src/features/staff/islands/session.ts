/**
 * Browser-side helpers of the staff pages around the admin-auth store: leaving for the login page,
 * and a toast carried over one page load (the login's 'Access granted' shows on the dashboard).
 */
import { $adminAuth, ADMIN_FLAG_KEY, ADMIN_LOGIN_PATH } from './admin-auth';
import { showToast, type Toast } from '../../../islands/toast';

const FLASH_KEY = 'adminFlashToast';

/** The session is gone: clear the flag, mark unauthenticated and replace the page with the login. */
export function signOutLocally(): void {
  try {
    localStorage.removeItem(ADMIN_FLAG_KEY);
  } catch {
    // Blocked storage: nothing to clear.
  }
  $adminAuth.set('unauthenticated');
  window.location.replace(ADMIN_LOGIN_PATH);
}

type FlashToast = Pick<Toast, 'title'> & { description?: string };

/** Remembers a toast for the next page of this tab. */
export function flashToast(toast: FlashToast): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(toast));
  } catch {
    // Without storage the toast is simply not carried over.
  }
}

/** Shows (once) the toast left by the previous page, if any. */
export function showFlashToast(): void {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (!raw) return;
    sessionStorage.removeItem(FLASH_KEY);
    const toast = JSON.parse(raw) as FlashToast;
    if (typeof toast.title === 'string') showToast(toast);
  } catch {
    // Unreadable storage or a malformed value: no toast.
  }
}
