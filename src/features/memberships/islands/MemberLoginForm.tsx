import { useId, useState, type FormEvent } from 'react';
import { portalLoginLink } from '../contract/portal-login-link';
import { ApiError, callApi } from '../../../lib/api-client';
import { showToast } from '../../../islands/toast';
import { memberEmailProblem } from './member-email';
import { InputField } from '../../../islands/shared/Field';

export const ACCOUNT_ACCESS_ERROR = {
  title: 'Account Access Error',
  notFound: 'Unable to find an active membership with this email address. Please check your email or contact support.',
  fallback: 'Failed to access account',
} as const;

/**
 * Member billing access by e-mail: the server checks there is an active membership and answers the
 * billing portal's verified login link, where the member proves the address.
 */
export default function MemberLoginForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const id = `${useId().replace(/:/g, '')}-email`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = await memberEmailProblem(email);
    setError(problem);
    if (problem) {
      document.getElementById(id)?.focus();
      return;
    }
    setPending(true);
    try {
      const { url } = await callApi(portalLoginLink, { body: { email: email.trim() } });
      window.location.assign(url);
    } catch (caught) {
      const message = caught instanceof ApiError ? (caught.serverMessage ?? ACCOUNT_ACCESS_ERROR.notFound) : ACCOUNT_ACCESS_ERROR.fallback;
      showToast({ title: ACCOUNT_ACCESS_ERROR.title, description: message, variant: 'destructive' });
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <InputField
        id={id}
        label="Email Address"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        error={error}
        hint="Use the e-mail address of your membership. We'll send you to secure billing sign-in."
      />
      <button type="submit" className="btn-primary w-full disabled:cursor-wait disabled:opacity-70" disabled={pending}>
        {pending ? 'Checking...' : 'Access My Account'}
      </button>
    </form>
  );
}
