/**
 * The balance page's script (no framework): sends the code, then shows the balance and the history
 * (dates and amounts) or the refusal. A code failing its check character is refused here already.
 */
import { ApiError, callApi } from '../../../lib/api-client';
import { formatCents } from '../../../domain/money';
import { formatDate } from '../../../domain/dates';
import { BALANCE_TEXTS, HISTORY_LABELS } from '../contract/balance-texts';
import { checkGiftCardBalance, type BalanceAnswer } from '../contract/gift-card-balance';
import { isValidCode } from '../rules/code';

function cell(row: HTMLTableRowElement, text: string, tag: 'td' | 'th' = 'td'): void {
  const element = document.createElement(tag);
  element.textContent = text;
  if (tag === 'th') element.setAttribute('scope', 'row');
  row.append(element);
}

export function showBalance(result: HTMLElement, answer: BalanceAnswer): void {
  result.replaceChildren();
  const heading = document.createElement('p');
  heading.className = 'text-h3 font-extrabold';
  heading.textContent = answer.status === 'void' ? 'This card has been voided.' : `Balance: ${formatCents(answer.balanceCents)}`;
  const table = document.createElement('table');
  table.className = 'mt-4 w-full text-left text-small';
  const caption = table.createCaption();
  caption.className = 'text-left font-bold';
  caption.textContent = 'History';
  const head = table.createTHead().insertRow();
  for (const title of ['Date', 'What', 'Amount', 'Balance after']) {
    const th = document.createElement('th');
    th.setAttribute('scope', 'col');
    th.textContent = title;
    head.append(th);
  }
  const body = table.createTBody();
  for (const entry of answer.history) {
    const row = body.insertRow();
    cell(row, formatDate(entry.at), 'th');
    cell(row, HISTORY_LABELS[entry.kind]);
    cell(row, `${entry.amountCents < 0 ? '−' : '+'}${formatCents(Math.abs(entry.amountCents))}`);
    cell(row, formatCents(entry.balanceAfterCents));
  }
  result.append(heading, table);
}

export function enhanceBalanceForm(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="code"]')!;
  const error = form.querySelector<HTMLElement>('[data-balance-error]')!;
  const result = document.querySelector<HTMLElement>('[data-balance-result]')!;
  const refuse = (message: string) => {
    error.textContent = message;
    error.hidden = false;
    input.setAttribute('aria-invalid', 'true');
    result.replaceChildren();
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.hidden = true;
    input.removeAttribute('aria-invalid');
    if (!isValidCode(input.value)) return refuse(BALANCE_TEXTS.badCode);
    try {
      showBalance(result, await callApi(checkGiftCardBalance, { body: { code: input.value } }));
    } catch (failure) {
      refuse((failure instanceof ApiError && failure.serverMessage) || BALANCE_TEXTS.failed);
    }
  });
}
