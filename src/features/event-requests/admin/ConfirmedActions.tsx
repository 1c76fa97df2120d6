import { useState } from 'react';
import { formatCents } from '../../../domain/money';
import { callApi } from '../../../lib/api-client';
import { showToast } from '../../../islands/toast';
import { InputField } from '../../../islands/shared/Field';
import { errorMessage } from '../../staff/islands/ui';
import { cancelEventQuote, recordEventBalance, sendEventBalanceLink } from '../contract/admin-event-quotes';
import { balanceDue, type StoredQuote } from '../quote-record';
import { centsOf } from './quote-form';

/** A confirmed event's balance (paid at the venue, or a link e-mailed) and cancelling it (by the policy, or a refund staff set with a reason). */
export function ConfirmedActions({ quote, onQuote }: { quote: StoredQuote; onQuote: (quote: StoredQuote) => void }) {
  const [amount, setAmount] = useState('');
  const [refund, setRefund] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const due = balanceDue(quote);
  const id = (name: string) => `confirmed-${quote.id}-${name}`;

  async function run(work: () => Promise<StoredQuote>, done: string) {
    setBusy(true);
    setProblem('');
    try {
      onQuote(await work());
      showToast({ title: done, description: `${quote.name}, ${quote.quote.date}.` });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const params = { id: quote.id };
  return (
    <div className="mt-4 grid gap-4" data-testid="confirmed-actions">
      <p className="font-semibold" data-testid="balance-due">Balance due: {formatCents(due)}</p>
      {due > 0 ? (
        <div className="flex flex-wrap items-end gap-3">
          <InputField id={id('venue-amount')} label="Paid at the venue ($)" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.currentTarget.value)} />
          <button type="button" className="btn-secondary px-5 py-2" disabled={busy} onClick={() => void run(() => callApi(recordEventBalance, { params, body: { amountCents: centsOf(amount), note: 'Paid at the venue' } }), 'Payment recorded')}>
            Record payment
          </button>
          <button type="button" className="btn-secondary px-5 py-2" disabled={busy} onClick={() => void run(() => callApi(sendEventBalanceLink, { params, body: {} }), 'Balance link sent')}>
            E-mail a link to pay the balance
          </button>
        </div>
      ) : null}
      <details>
        <summary className="cursor-pointer font-bold">Cancel this event</summary>
        <p className="mt-2 text-small text-muted">By the policy the deposit is refunded in full until {new Date(quote.quote.fullRefundUntil).toLocaleString('en-US')} and kept after; a balance paid online is refunded. Set a refund by hand only with a reason.</p>
        <div className="mt-3 grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
          <InputField id={id('refund')} label="Refund ($)" optional hint="Empty: by the policy" inputMode="decimal" value={refund} onChange={(event) => setRefund(event.currentTarget.value)} />
          <InputField id={id('refund-reason')} label="Reason" optional value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
          <button
            type="button"
            className="btn border border-danger/60 px-4 py-2 text-danger hover:bg-danger/10 disabled:opacity-50"
            disabled={busy}
            onClick={() => void run(() => callApi(cancelEventQuote, { params, body: refund.trim() || reason.trim() ? { override: { refundCents: centsOf(refund), reason } } : {} }), 'Event cancelled')}
          >
            Cancel event
          </button>
        </div>
      </details>
      {problem ? <p role="alert" className="text-small font-semibold text-danger">{problem}</p> : null}
    </div>
  );
}
