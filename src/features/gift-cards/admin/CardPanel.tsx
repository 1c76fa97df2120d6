import { useState, type FormEvent } from 'react';
import { callApi } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatEventDate } from '../../../domain/dates';
import { formatCents } from '../../../domain/money';
import { InputField } from '../../../islands/shared/Field';
import { Badge, errorMessage } from '../../staff/islands/ui';
import { changeGiftCard, type StaffGiftCardDetail } from '../contract/admin-gift-cards';
import type { StaffAction } from '../contract/admin-forms';
import { LEDGER_KIND_LABELS, signedCents, typedCents } from './gift-cards';

/** One card: its facts, its ledger, and the staff's changes (each answered with the card as it is after it). */
export default function CardPanel({ card, onChanged }: { card: StaffGiftCardDetail; onChanged: (card: StaffGiftCardDetail) => void }) {
  const [debit, setDebit] = useState({ amount: '', note: '' });
  const [adjust, setAdjust] = useState({ amount: '', reason: '' });
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: StaffAction, done: string) {
    setBusy(true);
    setStatus(null);
    try {
      onChanged(await callApi(changeGiftCard, { params: { id: card.id }, body: action }));
      setStatus({ tone: 'ok', text: done });
      return true;
    } catch (error) {
      setStatus({ tone: 'error', text: errorMessage(error) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function submitDebit(event: FormEvent) {
    event.preventDefault();
    const cents = typedCents(debit.amount);
    if (cents === null || cents <= 0) return setStatus({ tone: 'error', text: 'Enter the amount to take, like 12.50.' });
    if (await run({ action: 'debit', amountCents: cents, note: debit.note }, `Took ${formatCents(cents)}.`)) setDebit({ amount: '', note: '' });
  }

  async function submitAdjust(event: FormEvent) {
    event.preventDefault();
    const cents = typedCents(adjust.amount);
    if (cents === null || cents === 0) return setStatus({ tone: 'error', text: 'Enter the change, like 5 or -5.' });
    if (await run({ action: 'adjust', amountCents: cents, reason: adjust.reason }, `Adjusted by ${signedCents(cents)}.`)) setAdjust({ amount: '', reason: '' });
  }

  const active = card.status === 'active';
  return (
    <section className="card mt-6" aria-labelledby="card-title" data-testid="gift-card-panel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="card-title" className="text-h3">
          Card ending {card.codeHint}
        </h2>
        <Badge tone={active ? 'green' : 'red'}>{active ? 'Active' : 'Void'}</Badge>
      </div>
      <dl className="mt-4 grid gap-3 break-words text-small sm:grid-cols-2">
        <div><dt className="font-bold">Balance</dt><dd data-testid="gift-card-balance" className="text-h3 font-extrabold text-accent-strong">{formatCents(card.balanceCents)}</dd></div>
        <div><dt className="font-bold">Bought for</dt><dd>{formatCents(card.amountCents)} on {formatDate(card.issuedAt)}</dd></div>
        <div><dt className="font-bold">Purchaser</dt><dd>{card.purchaser.name}, {card.purchaser.email}</dd></div>
        <div><dt className="font-bold">Recipient</dt><dd>{card.toSelf ? 'The purchaser, to print' : `${card.recipient.name}, ${card.recipient.email}`}</dd></div>
        <div><dt className="font-bold">Delivery date</dt><dd>{formatEventDate(card.deliverOn)}</dd></div>
        {card.message ? <div><dt className="font-bold">Message</dt><dd className="whitespace-pre-line">{card.message}</dd></div> : null}
      </dl>

      <div className="mt-6 overflow-x-auto">
        <table className="w-full table-fixed text-left text-small">
          <caption className="text-left font-bold">Ledger</caption>
          <thead><tr><th scope="col">When</th><th scope="col">What</th><th scope="col">Amount</th><th scope="col" className="hidden sm:table-cell">Balance after</th><th scope="col">Note</th><th scope="col" className="hidden md:table-cell">Reference</th></tr></thead>
          <tbody>
            {card.ledger.map((entry, index) => (
              <tr key={index} className="border-t border-line">
                <td className="py-2 pr-2">{formatDateTime(entry.at)}</td><td className="py-2 pr-2">{LEDGER_KIND_LABELS[entry.kind]}</td><td className="py-2 pr-2">{signedCents(entry.amountCents)}</td><td className="hidden py-2 pr-2 sm:table-cell">{formatCents(entry.balanceAfterCents)}</td><td className="break-words py-2 pr-2">{entry.note}</td><td className="hidden break-all py-2 md:table-cell">{entry.reference}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {status ? <p role={status.tone === 'error' ? 'alert' : 'status'} className={`mt-4 font-semibold ${status.tone === 'error' ? 'text-danger' : 'text-accent-strong'}`}>{status.text}</p> : null}

      {active ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <form onSubmit={submitDebit} aria-label="Debit a purchase at the venue" className="space-y-3">
            <h3 className="text-body font-bold">Purchase at the venue</h3>
            <InputField id="debit-amount" label="Amount ($)" inputMode="decimal" value={debit.amount} onChange={(event) => setDebit({ ...debit, amount: event.target.value })} />
            <InputField id="debit-note" label="Note (what it paid for)" value={debit.note} onChange={(event) => setDebit({ ...debit, note: event.target.value })} />
            <button type="submit" className="btn-primary" disabled={busy}>Debit</button>
          </form>
          <form onSubmit={submitAdjust} aria-label="Adjust the balance" className="space-y-3">
            <h3 className="text-body font-bold">Adjustment</h3>
            <InputField id="adjust-amount" label="Change ($, negative takes)" inputMode="decimal" value={adjust.amount} onChange={(event) => setAdjust({ ...adjust, amount: event.target.value })} />
            <InputField id="adjust-reason" label="Reason (required)" value={adjust.reason} onChange={(event) => setAdjust({ ...adjust, reason: event.target.value })} />
            <button type="submit" className="btn-secondary" disabled={busy}>Adjust</button>
          </form>
          <div className="flex flex-wrap gap-3 lg:col-span-2">
            <button type="button" className="btn-secondary" disabled={busy} onClick={() => void run({ action: 'resend' }, 'A new code was sent to the recipient; the old one no longer works.')}>
              Resend with a new code
            </button>
            <button type="button" className="btn-secondary" disabled={busy} onClick={() => window.confirm('Void this card? Its balance goes to zero; an unspent card is refunded.') && void run({ action: 'void', expectedBalanceCents: card.balanceCents }, 'The card is void.')}>
              Void card
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
