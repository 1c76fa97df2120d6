import { useState } from 'react';
import { formatDateTime } from '../../../domain/dates';
import { formatCents } from '../../../domain/money';
import { callApi, ApiError } from '../../../lib/api-client';
import { showToast } from '../../../islands/toast';
import { InputField } from '../../../islands/shared/Field';
import { Badge, errorMessage } from '../../staff/islands/ui';
import type { Tone } from '../../memberships/admin/members';
import { changeEventQuote, previewEventQuote, saveEventQuote, withdrawEventQuote } from '../contract/admin-event-quotes';
import { ConfirmedActions } from './ConfirmedActions';
import type { EventRequest } from '../record';
import type { QuoteStatus, StoredQuote } from '../quote-record';
import type { PricedQuote } from '../rules/quote';
import { draftOf, initialQuoteForm, type QuoteChoices, type QuoteFormState } from './quote-form';

const STATUS_LABELS: Record<QuoteStatus, string> = { sent: 'Quote sent, deposit not paid', confirmed: 'Confirmed', expired: 'Quote expired', withdrawn: 'Quote withdrawn', cancelled: 'Cancelled' };
const STATUS_TONES: Record<QuoteStatus, Tone> = { sent: 'orange', confirmed: 'green', expired: 'grey', withdrawn: 'grey', cancelled: 'red' };

/** The server's lines, total and deposit: all the panel shows of a price. */
function PricedLines({ quote }: { quote: PricedQuote }) {
  return (
    <table className="mt-3 w-full text-small" data-testid="quote-lines">
      <tbody>
        {quote.lines.map((line, index) => (
          <tr key={index} className="border-b border-line/50">
            <td className="py-1 pr-3">{line.label}</td>
            <td className="py-1 text-right">{formatCents(line.amountCents)}</td>
          </tr>
        ))}
        <tr className="font-bold">
          <td className="py-1 pr-3">Total</td>
          <td className="py-1 text-right" data-testid="quote-total">{formatCents(quote.totalCents)}</td>
        </tr>
        <tr>
          <td className="py-1 pr-3">Deposit{quote.depositReason ? ` (set by hand: ${quote.depositReason})` : ''}</td>
          <td className="py-1 text-right" data-testid="quote-deposit">{formatCents(quote.depositCents)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/**
 * One request's quote: where it stands, and the form staff build (or rebuild) it with. "Price it"
 * asks the server; "Save and send" saves it with its tentative hold and e-mails the customer.
 */
export function QuotePanel({ request, quote, choices, onQuote }: { request: EventRequest; quote: StoredQuote | null; choices: QuoteChoices; onQuote: (quote: StoredQuote) => void }) {
  const [form, setForm] = useState<QuoteFormState>(() => initialQuoteForm(request, quote));
  const [priced, setPriced] = useState<PricedQuote | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const id = (name: string) => `quote-${request.id}-${name}`;
  const set = (change: Partial<QuoteFormState>) => {
    setForm((current) => ({ ...current, ...change }));
    setPriced(null);
  };
  const confirmed = quote?.status === 'confirmed';
  const editable = quote?.status !== 'cancelled';

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setProblems([]);
    try {
      await work();
    } catch (error) {
      const extra = error instanceof ApiError ? error.json() : undefined;
      const listed = extra && Array.isArray((extra as { problems?: unknown }).problems) ? ((extra as { problems: string[] }).problems) : [errorMessage(error)];
      setProblems(listed);
    } finally {
      setBusy(false);
    }
  }

  const preview = () => run(async () => setPriced(await callApi(previewEventQuote, { params: { id: request.id }, body: draftOf(form) })));
  const save = () =>
    run(async () => {
      if (confirmed) {
        const { guests, packages, extras } = draftOf(form);
        onQuote(await callApi(changeEventQuote, { params: { id: request.id }, body: { guests, packages, extras } }));
        showToast({ title: 'Event changed', description: 'The new headcount and lines are saved; the history keeps the earlier version.' });
        return;
      }
      const saved = await callApi(saveEventQuote, { params: { id: request.id }, body: draftOf(form) });
      onQuote(saved);
      setPriced(null);
      showToast({ title: 'Quote sent', description: `${saved.name} has the quote; the spaces are held until ${formatDateTime(saved.holdUntil)}.` });
    });
  const withdraw = () =>
    run(async () => {
      onQuote(await callApi(withdrawEventQuote, { params: { id: request.id }, body: {} }));
      showToast({ title: 'Quote withdrawn', description: 'Its spaces are free again.' });
    });

  return (
    <section className="mt-6 border-t border-line/70 pt-4" aria-labelledby={id('title')} data-testid="quote-panel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={id('title')} className="font-bold">Quote</h3>
        {quote ? <Badge tone={STATUS_TONES[quote.status]} testId="quote-status">{STATUS_LABELS[quote.status]}</Badge> : null}
      </div>
      {quote ? (
        <div className="mt-2" data-testid="quote-current">
          <p className="text-small text-muted">
            Version {quote.version}. {quote.status === 'sent' ? `Spaces held until ${formatDateTime(quote.holdUntil)}.` : ''} Paid: {formatCents(quote.depositPaidCents + quote.balancePaidCents)}; refunded: {formatCents(quote.refundedCents)}.
          </p>
          <PricedLines quote={quote.quote} />
          {quote.status === 'confirmed' ? <ConfirmedActions quote={quote} onQuote={onQuote} /> : null}
          {quote.status === 'sent' ? (
            <button type="button" className="btn-secondary mt-3 px-5 py-2" disabled={busy} onClick={() => void withdraw()}>
              Withdraw quote
            </button>
          ) : null}
        </div>
      ) : null}
      {editable ? (
        <form className="mt-4 grid gap-4" onSubmit={(event) => { event.preventDefault(); void save(); }}>
          <div className="grid gap-4 sm:grid-cols-4">
            <InputField id={id('date')} disabled={confirmed} label="Date" type="date" value={form.date} onChange={(event) => set({ date: event.currentTarget.value })} />
            <InputField id={id('start')} disabled={confirmed} label="From" type="time" step={1800} value={form.start} onChange={(event) => set({ start: event.currentTarget.value })} />
            <InputField id={id('end')} disabled={confirmed} label="Until" type="time" step={1800} value={form.end} onChange={(event) => set({ end: event.currentTarget.value })} />
            <InputField id={id('guests')} label="Guests" type="number" min={1} value={form.guests} onChange={(event) => set({ guests: event.currentTarget.value })} />
          </div>
          <fieldset>
            <legend className="text-small font-bold">Spaces</legend>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {choices.resources.map((resource) => (
                <label key={resource.id} className="flex items-center gap-2">
                  <input type="checkbox" disabled={confirmed} checked={form.spaces.includes(resource.id)} onChange={(event) => set({ spaces: event.currentTarget.checked ? [...form.spaces, resource.id] : form.spaces.filter((each) => each !== resource.id) })} />
                  {resource.name} <span className="text-small text-muted">(up to {resource.capacity})</span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="text-small font-bold">Packages: guests for each</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-3">
              {choices.packages.map((each) => (
                <InputField key={each.id} id={id(`package-${each.id}`)} label={`${each.name} (${formatCents(each.perGuestCents)} per guest)`} type="number" min={0} value={form.packages[each.id] ?? ''} onChange={(event) => set({ packages: { ...form.packages, [each.id]: event.currentTarget.value } })} />
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="text-small font-bold">Extra lines</legend>
            {form.extras.map((extra, index) => (
              <div key={index} className="mt-2 grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
                <InputField id={id(`extra-${index}-label`)} label="Description" value={extra.label} onChange={(event) => set({ extras: form.extras.map((each, at) => (at === index ? { ...each, label: event.currentTarget.value } : each)) })} />
                <InputField id={id(`extra-${index}-amount`)} label="Amount ($)" inputMode="decimal" value={extra.amount} onChange={(event) => set({ extras: form.extras.map((each, at) => (at === index ? { ...each, amount: event.currentTarget.value } : each)) })} />
                <button type="button" className="btn-secondary px-4 py-2" onClick={() => set({ extras: form.extras.filter((_, at) => at !== index) })}>Remove</button>
              </div>
            ))}
            <button type="button" className="btn-secondary mt-2 px-4 py-2" onClick={() => set({ extras: [...form.extras, { label: '', amount: '' }] })}>Add a line</button>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            <InputField id={id('deposit')} label="Deposit ($)" optional hint="Empty: by the rule" inputMode="decimal" value={form.depositAmount} onChange={(event) => set({ depositAmount: event.currentTarget.value })} />
            <InputField id={id('deposit-reason')} label="Reason for a deposit set by hand" optional value={form.depositReason} onChange={(event) => set({ depositReason: event.currentTarget.value })} />
          </div>
          {problems.length > 0 ? (
            <ul className="text-small font-semibold text-danger" role="alert" data-testid="quote-problems">
              {problems.map((problem) => <li key={problem}>{problem}</li>)}
            </ul>
          ) : null}
          {priced ? <div data-testid="quote-preview"><PricedLines quote={priced} /></div> : null}
          <div className="flex flex-wrap gap-3">
            <button type="button" className="btn-secondary px-5 py-2" disabled={busy} onClick={() => void preview()}>Price it</button>
            <button type="submit" className="btn-primary px-5 py-2" disabled={busy}>{confirmed ? 'Save the new headcount and lines' : quote?.status === 'sent' ? 'Save and send the new version' : 'Save and send to customer'}</button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
