/**
 * The league's notify-me form, framework-free (the league page ships no React): a quick check of the
 * address, then POST /api/league-notify; the answer, or the server's message, is read out in the
 * form's status line, and a refused address gets its message under the field.
 */
import { ApiError, callApi } from '../../../lib/api-client';
import { requestOpeningNotice } from '../contract/league-notify';
import { NOTIFY_TEXTS } from '../contract/notify-texts';

/** The form's own check before sending (the server checks the address fully): something on both sides of one "@", a dot after it. */
export function notifyEmailProblem(value: string): string | null {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : NOTIFY_TEXTS.email;
}

/** What the form says after the call: the thanks, or why not (the field's message goes under the field). */
export function notifyOutcome(email: string, error: unknown): { status: string; fieldError: string | null } {
  if (error === null) return { status: NOTIFY_TEXTS.done.replace('{email}', email), fieldError: null };
  const answer = error instanceof ApiError ? error.json() : undefined;
  const fieldError = answer?.fields?.['email'] ?? null;
  return { status: fieldError ? '' : (answer?.error ?? NOTIFY_TEXTS.failed), fieldError };
}

export function enhanceNotifyForm(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="email"]');
  const error = form.querySelector<HTMLElement>('[data-notify-error]');
  const status = form.querySelector<HTMLElement>('[data-notify-status]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!input || !error || !status || !button) return;
  const showError = (message: string | null) => {
    error.textContent = message ?? '';
    error.hidden = message === null;
    input.setAttribute('aria-invalid', String(message !== null));
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const email = input.value.trim();
    const problem = notifyEmailProblem(email);
    showError(problem);
    status.textContent = '';
    if (problem) {
      input.focus();
      return;
    }
    button.disabled = true;
    button.textContent = NOTIFY_TEXTS.sending;
    let failure: unknown = null;
    try {
      await callApi(requestOpeningNotice, { body: { email } });
    } catch (caught) {
      failure = caught;
    }
    const outcome = notifyOutcome(email, failure);
    showError(outcome.fieldError);
    status.textContent = outcome.status;
    if (failure === null) form.reset();
    else if (outcome.fieldError) input.focus();
    button.disabled = false;
    button.textContent = NOTIFY_TEXTS.button;
  });
}
