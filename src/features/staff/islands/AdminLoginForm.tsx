import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { LOGIN_MESSAGES } from '../rules/login';
import { ADMIN_HOME_PATH, loginAdmin, verifyAdminSession } from './admin-auth';
import { showToast } from '../../../islands/toast';
import { InputField } from '../../../islands/shared/Field';
import { flashToast } from './session';

/**
 * The admin password screen: the password is required; the server's answer is shown under the field
 * and as an 'Access denied' toast; success goes to /admin with an 'Access granted' toast. An already
 * signed-in browser goes straight to /admin.
 */
export default function AdminLoginForm() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  // Until the island runs, the button stays disabled: a native submit would put the password in the URL.
  const [ready, setReady] = useState(false);
  const id = `${useId().replace(/:/g, '')}-password`;
  const input = () => document.getElementById(id) as HTMLInputElement | null;

  useEffect(() => {
    setReady(true);
    void verifyAdminSession().then((state) => {
      if (state === 'authenticated') window.location.replace(ADMIN_HOME_PATH);
    });
  }, []);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const { adminLoginSchema } = await import('../contract/login-form');
    const parsed = adminLoginSchema.safeParse({ password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      input()?.focus();
      return;
    }
    setError(undefined);
    setPending(true);
    const result = await loginAdmin(parsed.data.password);
    if (result.ok) {
      flashToast({ title: LOGIN_MESSAGES.grantedTitle, description: LOGIN_MESSAGES.grantedText });
      showToast({ title: LOGIN_MESSAGES.grantedTitle, description: LOGIN_MESSAGES.grantedText });
      window.location.assign(ADMIN_HOME_PATH);
      return;
    }
    setPending(false);
    setError(result.message);
    showToast({ title: LOGIN_MESSAGES.deniedTitle, description: result.toast, variant: 'destructive' });
    input()?.select();
  }

  return (
    <form noValidate method="post" onSubmit={submit} className="space-y-6" data-testid="admin-login-form">
      <InputField
        id={id}
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        aria-required="true"
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        error={error}
      />
      <button type="submit" className="btn-primary w-full disabled:cursor-wait disabled:opacity-70" disabled={pending || !ready}>
        {pending ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}
