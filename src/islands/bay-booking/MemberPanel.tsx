import { useEffect, useId, useState, type FormEvent } from 'react';
import { currentMember, signOutMember, type MemberSessionAnswer } from '../../domain/api/member-session';
import { requestSignInLink } from '../../domain/api/member-sign-in';
import { memberEmailProblem } from '../shared/member-email';
import { SIGN_IN_OUTCOMES, type SignInOutcome } from '../../domain/forms/member-sign-in-messages';
import { ApiError, callApi } from '../../lib/api-client';
import { InputField } from '../shared/Field';

type Member = NonNullable<MemberSessionAnswer['member']>;

/** The outcome of a followed sign-in link (?member=…), read once and taken off the address. */
function takeOutcome(): SignInOutcome | null {
  const url = new URL(window.location.href);
  const value = url.searchParams.get('member');
  if (value !== 'signed-in' && value !== 'link-invalid') return null;
  url.searchParams.delete('member');
  window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
  return value;
}

/**
 * Members: who is signed in (with sign-out), or a form that e-mails a one-time sign-in link. Signing
 * in or out changes the prices, so `onChange` asks the page to look again.
 */
export function MemberPanel({ onChange }: { onChange: () => void }) {
  const [member, setMember] = useState<Member | null | undefined>(undefined);
  const [outcome, setOutcome] = useState<SignInOutcome | null>(null);
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [pending, setPending] = useState(false);
  const id = `${useId().replace(/:/g, '')}-member-email`;

  // The form replaces its button: the e-mail field takes the focus the button had.
  useEffect(() => {
    if (open) document.getElementById(id)?.focus();
  }, [open, id]);

  useEffect(() => {
    setOutcome(takeOutcome());
    callApi(currentMember)
      .then((answer) => setMember(answer.member))
      .catch(() => setMember(null));
  }, []);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = await memberEmailProblem(email);
    setError(problem);
    if (problem) {
      document.getElementById(id)?.focus();
      return;
    }
    setPending(true);
    try {
      setSent((await callApi(requestSignInLink, { body: { email: email.trim() } })).message);
    } catch (caught) {
      setError(caught instanceof ApiError ? (caught.serverMessage ?? 'Please try again.') : 'Please check your connection and try again.');
    } finally {
      setPending(false);
    }
  }

  async function signOut() {
    await callApi(signOutMember).catch(() => undefined);
    setMember(null);
    setOutcome(null);
    onChange();
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="card">
      <h2 id={`${id}-heading`} className="text-h3">
        Members
      </h2>
      {outcome ? (
        <p role="status" className={`mt-3 font-semibold ${outcome === 'signed-in' ? 'text-success' : 'text-danger'}`}>
          {SIGN_IN_OUTCOMES[outcome]}
        </p>
      ) : null}
      {member ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="text-muted">
            Signed in as <strong className="text-text">{member.email}</strong> ({member.plan} membership).
          </p>
          <button type="button" className="btn-secondary" onClick={signOut}>
            Sign out
          </button>
        </div>
      ) : member === null ? (
        <div className="mt-3">
          <p className="text-muted">Members book their included daily time at no charge. Sign in with the e-mail address of your membership.</p>
          {open ? (
            sent ? (
              <p role="status" className="mt-4 font-semibold text-success">
                {sent}
              </p>
            ) : (
              <form noValidate onSubmit={send} className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
                <InputField
                  id={id}
                  label="Membership e-mail"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(event) => setEmail(event.currentTarget.value)}
                  error={error}
                  className="sm:flex-1"
                />
                <button type="submit" className="btn-primary sm:mt-7" disabled={pending}>
                  {pending ? 'Sending...' : 'E-mail me a sign-in link'}
                </button>
              </form>
            )
          ) : (
            <button type="button" className="btn-secondary mt-4" onClick={() => setOpen(true)}>
              Member sign-in
            </button>
          )}
        </div>
      ) : null}
    </section>
  );
}
