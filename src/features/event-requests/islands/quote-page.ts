/**
 * /events/quote: the customer's quote through the signed link of the e-mail, as a plain script (no
 * framework: one button). It reads the quote from the server, fills the page's slots with text only,
 * and "Pay deposit" (or "Pay balance") asks the server for the Checkout page and goes there.
 */
import { endpointUrl } from '../../../shared/contract/endpoint';
import type { CustomerQuote } from '../contract/event-quote';
import { payEventQuote, viewEventQuote } from '../contract/event-quote';
import { quoteLinkOf } from '../rules/quote-links';

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const QUOTE_PAGE_TEXTS = {
  missing: 'We could not find this quote. Please use the link in your e-mail.',
  failed: 'We could not load your quote. Please try again in a moment.',
  payFailed: 'We could not start the payment. Please try again in a moment.',
  deposit: 'Pay deposit',
  balance: 'Pay balance',
  statuses: { sent: 'Waiting for your deposit', confirmed: 'Confirmed', expired: 'Expired', withdrawn: 'Withdrawn', cancelled: 'Cancelled' },
} as const;

/** The rows the page lists, in order: [label, value]. */
export function quoteRows(quote: CustomerQuote): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['Status', QUOTE_PAGE_TEXTS.statuses[quote.status]],
    ['Date', quote.date],
    ['Time', quote.time],
    ['Spaces', quote.spaces],
    ['Guests', String(quote.guests)],
    ...quote.lines.map((line): [string, string] => [line.label, money(line.amountCents)]),
    ['Total', money(quote.totalCents)],
    ['Deposit', money(quote.depositCents)],
  ];
  if (quote.depositPaidCents > 0) rows.push(['Deposit paid', money(quote.depositPaidCents)]);
  if (quote.balancePaidCents > 0) rows.push(['Balance paid', money(quote.balancePaidCents)]);
  if (quote.balanceDueCents > 0) rows.push(['Balance due', money(quote.balanceDueCents)]);
  if (quote.refundedCents > 0) rows.push(['Refunded', money(quote.refundedCents)]);
  if (quote.expires) rows.push(['Held for you until', quote.expires]);
  return rows;
}

function slot(name: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`[data-quote="${name}"]`);
  if (!found) throw new Error(`the quote page has no ${name}`);
  return found;
}

function say(text: string) {
  const status = slot('status');
  status.textContent = text;
  status.hidden = text === '';
}

function render(quote: CustomerQuote, link: { id: string; token: string }) {
  const rows = slot('rows');
  rows.replaceChildren(
    ...quoteRows(quote).map(([label, value]) => {
      const row = document.createElement('div');
      row.className = 'flex justify-between gap-4 border-b border-line/60 py-2';
      const term = document.createElement('dt');
      term.textContent = label;
      const detail = document.createElement('dd');
      detail.className = 'text-right font-semibold';
      detail.textContent = value;
      row.append(term, detail);
      return row;
    }),
  );
  slot('terms').replaceChildren(...quote.terms.map((text) => Object.assign(document.createElement('li'), { textContent: text })));
  slot('greeting').textContent = `Hi ${quote.name}, here is your event.`;
  say(quote.notice ?? '');
  const button = slot('pay') as HTMLButtonElement;
  button.hidden = quote.payable === null;
  if (quote.payable) {
    const purpose = quote.payable;
    button.textContent = QUOTE_PAGE_TEXTS[purpose];
    button.onclick = async () => {
      button.disabled = true;
      try {
        const response = await fetch(endpointUrl(payEventQuote, link), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ purpose }) });
        const body = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
        if (response.ok && body.url) {
          window.location.assign(body.url);
          return;
        }
        say(body.error ?? QUOTE_PAGE_TEXTS.payFailed);
      } catch {
        say(QUOTE_PAGE_TEXTS.payFailed);
      }
      button.disabled = false;
    };
  }
  slot('body').hidden = false;
}

export async function startQuotePage(): Promise<void> {
  const link = quoteLinkOf(window.location.search);
  if (!link) return say(QUOTE_PAGE_TEXTS.missing);
  try {
    const response = await fetch(endpointUrl(viewEventQuote, link), { headers: { accept: 'application/json' } });
    if (response.status === 404) return say(QUOTE_PAGE_TEXTS.missing);
    if (!response.ok) return say(QUOTE_PAGE_TEXTS.failed);
    render((await response.json()) as CustomerQuote, link);
  } catch {
    say(QUOTE_PAGE_TEXTS.failed);
  }
}
