import { useEffect, useId, useReducer, type FormEvent } from 'react';
import { memberEmailProblem } from '../../memberships/islands/member-email';
import { SIGN_IN_BUTTON, SIGN_IN_FRAGMENT, SIGN_IN_OUTCOMES } from '../../memberships/contract/member-sign-in-texts';
import { InputField } from '../../../islands/shared/Field';
import { initialMemberPanel, reduceMemberPanel } from './member-state';
import { checkSession, confirmLink, readLink, sendSignInLink, signOut } from './member-calls';

/** The token of the e-mailed sign-in link (#sign-in=…), read once and taken off the address. */
function takeLinkToken(): string | null {
  const url = new URL(window.location.href);
  const token = new URLSearchParams(url.hash.slice(1)).get(SIGN_IN_FRAGMENT);
  if (!token) return null;
  window.history.replaceState(null, '', `${url.pathname}${url.search}`);
  return token;
}

/**
 * Members: who is signed in (with sign-out), or a form that e-mails a one-time sign-in link. Signing
 * in or out changes the prices, so `onChange` asks the page to look again. The panel's state lives in
 * member-state.ts.
 */
export function MemberPanel({ onChange }: { onChange: () => void }) {
  const [{ member, outcome, link, open, email, error, sent, pending }, dispatch] = useReducer(reduceMemberPanel, initialMemberPanel);
  const id = `${useId().replace(/:/g, '')}-member-email`;

  // The form replaces its button: the e-mail field takes the focus the button had.
  useEffect(() => {
    if (open) document.getElementById(id)?.focus();
  }, [open, id]);

  // Opened from the e-mailed link (or the link followed in a tab already on /book, which only changes
  // the fragment): ask whom it signs in (nothing is used up); the member's button signs in.
  useEffect(() => {
    const follow = () => {
      const token = takeLinkToken();
      if (!token) return;
      dispatch({ type: 'linkOpened', token });
      void readLink(token).then(dispatch);
    };
    follow();
    void checkSession().then(dispatch);
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  async function confirm(token: string) {
    dispatch({ type: 'confirming' });
    dispatch(await confirmLink(token));
    dispatch(await checkSession());
    onChange();
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = await memberEmailProblem(email);
    dispatch({ type: 'checked', problem });
    if (problem) {
      document.getElementById(id)?.focus();
      return;
    }
    dispatch(await sendSignInLink(email));
  }

  async function leave() {
    dispatch(await signOut());
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
      {link?.email ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="text-muted">
            Sign in as <strong className="text-text">{link.email}</strong>?
          </p>
          <button type="button" className="btn-primary" disabled={pending} onClick={() => void confirm(link.token)}>
            {pending ? 'One moment...' : SIGN_IN_BUTTON}
          </button>
        </div>
      ) : member ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="text-muted">
            Signed in as <strong className="text-text">{member.email}</strong> ({member.plan} membership).
          </p>
          <button type="button" className="btn-secondary" onClick={leave}>
            Sign out
          </button>
        </div>
      ) : (
        // Also while the session is being checked: the page's first screen is a visitor's, and a
        // signed-in member's panel only takes its place once the server says so.
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
                  onChange={(event) => dispatch({ type: 'email', value: event.currentTarget.value })}
                  error={error}
                  className="sm:flex-1"
                />
                <button type="submit" className="btn-primary sm:mt-7" disabled={pending}>
                  {pending ? 'Sending...' : 'E-mail me a sign-in link'}
                </button>
              </form>
            )
          ) : (
            <button type="button" className="btn-secondary mt-4" onClick={() => dispatch({ type: 'open' })}>
              Member sign-in
            </button>
          )}
        </div>
      )}
    </section>
  );
}
