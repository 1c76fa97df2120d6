import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { ADMIN_PAGES, CONTENT_EDITOR_LINK, type AdminPath } from '../rules/pages';
import { $adminAuth, ADMIN_LOGIN_PATH, hasAdminFlag, logoutAdmin, verifyAdminSession } from './admin-auth';
import { showFlashToast } from './session';
import { Spinner } from './ui';

interface Props {
  /** The page this shell wraps (marks the current navigation link). */
  current: AdminPath;
  title: string;
  intro?: string;
  /**
   * Send a browser without the adminAuthenticated flag straight to the login page, without asking the
   * server (/admin/members and /admin/database). The flag is set at sign-in and cleared at sign-out
   * or a refused check, so without it the check could only refuse; with it, the cookie session still
   * decides.
   */
  requireFlag?: boolean;
  children: ReactNode;
}

/**
 * The guard and frame of every staff page: 'Verifying authentication...' with a spinner while
 * GET /api/admin/auth/verify runs; the page (navigation, Logout, content) only once authenticated;
 * otherwise straight to /admin/login. The content mounts only when authenticated, so its data calls
 * never run before.
 */
export default function AdminShell({ current, title, intro, requireFlag = false, children }: Props) {
  const state = useStore($adminAuth);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (requireFlag && !hasAdminFlag()) {
      $adminAuth.set('unauthenticated');
      window.location.replace(ADMIN_LOGIN_PATH);
      return;
    }
    void verifyAdminSession().then((result) => {
      if (result === 'authenticated') showFlashToast();
      else window.location.replace(ADMIN_LOGIN_PATH);
    });
  }, [requireFlag]);

  async function logout() {
    setLeaving(true);
    await logoutAdmin();
    window.location.assign(ADMIN_LOGIN_PATH);
  }

  if (state !== 'authenticated') {
    return (
      <div role="status" aria-live="polite" className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-muted" data-testid="admin-verifying">
        <Spinner className="h-10 w-10" />
        <p className="text-body font-semibold">Verifying authentication...</p>
      </div>
    );
  }

  return (
    <div className="container-page py-6 sm:py-8" data-testid="admin-page">
      <div className="flex flex-col gap-4 border-b border-line pb-4 lg:flex-row lg:items-center lg:justify-between">
        <nav aria-label="Admin pages" className="-mx-1 overflow-x-auto">
          <ul className="flex gap-1 whitespace-nowrap">
            {ADMIN_PAGES.map((page) => (
              <li key={page.href}>
                <a
                  href={page.href}
                  aria-current={page.href === current ? 'page' : undefined}
                  className="block rounded-button px-3 py-2 text-small font-bold text-muted no-underline hover:text-text aria-[current=page]:bg-raised aria-[current=page]:text-accent-strong"
                >
                  {page.label}
                </a>
              </li>
            ))}
            <li>
              <a href={CONTENT_EDITOR_LINK.href} className="block rounded-button px-3 py-2 text-small font-bold text-muted no-underline hover:text-text">
                {CONTENT_EDITOR_LINK.label}
              </a>
            </li>
          </ul>
        </nav>
        <button type="button" className="btn-secondary self-start px-5 py-2 lg:self-auto" onClick={logout} disabled={leaving}>
          {leaving ? 'Logging out...' : 'Logout'}
        </button>
      </div>
      <div className="mt-8">
        <h1 className="text-h2">{title}</h1>
        {intro ? <p className="mt-2 max-w-prose text-muted">{intro}</p> : null}
      </div>
      <div className="mt-8">{children}</div>
    </div>
  );
}
