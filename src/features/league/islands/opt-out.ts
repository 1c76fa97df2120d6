/**
 * /league/mail-opt-out, framework-free: the token from the mail's link is sent only when the visitor
 * presses the button (a mail scanner opening the link changes nothing); the outcome is read out.
 */
import { ApiError, callApi } from '../../../lib/api-client';
import { leagueMailOptOut } from '../contract/league-mail-opt-out';
import { OPT_OUT_TEXTS } from '../contract/opt-out-texts';

export function enhanceOptOut(form: HTMLFormElement, search = location.search): void {
  const status = form.querySelector<HTMLElement>('[role="status"]')!;
  const button = form.querySelector<HTMLButtonElement>('button')!;
  const token = new URLSearchParams(search).get('token') ?? '';
  button.disabled = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!token) {
      status.textContent = OPT_OUT_TEXTS.missing;
      return;
    }
    button.disabled = true;
    button.textContent = OPT_OUT_TEXTS.sending;
    try {
      await callApi(leagueMailOptOut, { body: { token } });
      status.textContent = OPT_OUT_TEXTS.done;
      button.hidden = true;
    } catch (error) {
      status.textContent = error instanceof ApiError ? (error.serverMessage ?? OPT_OUT_TEXTS.failed) : OPT_OUT_TEXTS.failed;
      button.disabled = false;
      button.textContent = OPT_OUT_TEXTS.button;
    }
  });
}
