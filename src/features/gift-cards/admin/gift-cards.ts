/** The staff page's pure parts: the CSV of the cards shown, amounts typed in dollars, ledger words. */
import { toCsv } from '../../../domain/csv';
import { formatCents } from '../../../domain/money';
import type { StaffGiftCard } from '../contract/admin-gift-cards';
import type { LedgerKind } from '../rules/ledger';

export const GIFT_CARD_CSV_HEADER = ['Issued At', 'Card', 'Status', 'Amount', 'Balance', 'Purchaser', 'Purchaser Email', 'Recipient', 'Recipient Email', 'Delivery Date', 'Card ID', 'Checkout Session'] as const;

export function giftCardsCsv(cards: readonly StaffGiftCard[]): string {
  return toCsv([
    GIFT_CARD_CSV_HEADER,
    ...cards.map((card) => [
      card.issuedAt,
      `…${card.codeHint}`,
      card.status,
      formatCents(card.amountCents),
      formatCents(card.balanceCents),
      card.purchaser.name,
      card.purchaser.email,
      card.toSelf ? '(purchaser, to print)' : card.recipient.name,
      card.recipient.email,
      card.deliverOn,
      card.id,
      card.checkoutSessionId,
    ]),
  ]);
}

export const csvFileName = (now: Date) => `gift-cards-${now.toISOString().slice(0, 10)}.csv`;

/** Dollars as staff type them ("12.50", "-5", "$7") in cents; null when it is not an amount. */
export function typedCents(typed: string): number | null {
  const compact = typed.replace(/[\s$,]/g, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(compact)) return null;
  return Math.round(Number(compact) * 100);
}

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = { issue: 'Issued', debit: 'Debit', adjust: 'Adjustment', void: 'Voided', refund: 'Refund', prize: 'Prize' };

/** "+$50.00" / "−$12.50". */
export const signedCents = (cents: number) => `${cents < 0 ? '−' : '+'}${formatCents(Math.abs(cents))}`;
