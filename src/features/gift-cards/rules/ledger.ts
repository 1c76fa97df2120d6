/**
 * A gift card's ledger (pure): every change of its balance is an entry appended after the change, in
 * cents, with the balance it left. The store's script applies the same rule (server/balance-script.ts);
 * these functions let the staff page, the tests and the export check a ledger adds up.
 */
/** 'issue': bought; 'prize': given by the venue without payment (a league award). */
export const LEDGER_KINDS = ['issue', 'debit', 'adjust', 'void', 'refund', 'prize'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerEntry {
  /** ISO instant. */
  at: string;
  kind: LedgerKind;
  /** Signed cents: + adds to the balance, − takes from it. */
  amountCents: number;
  balanceAfterCents: number;
  note: string;
  /** The booking, Checkout session or staff action it came from ('' when none). */
  reference: string;
}

export type BalanceChange = { ok: true; balanceAfterCents: number } | { ok: false; reason: 'overdrawn' | 'not-whole-cents' };

/** The balance after adding `amountCents` (signed) to `balanceCents`; refused below zero. */
export function applyChange(balanceCents: number, amountCents: number): BalanceChange {
  if (!Number.isInteger(amountCents) || !Number.isInteger(balanceCents)) return { ok: false, reason: 'not-whole-cents' };
  const after = balanceCents + amountCents;
  return after < 0 ? { ok: false, reason: 'overdrawn' } : { ok: true, balanceAfterCents: after };
}

/** The balance a ledger adds up to. */
export const ledgerSum = (entries: readonly Pick<LedgerEntry, 'amountCents'>[]) => entries.reduce((sum, entry) => sum + entry.amountCents, 0);

/** The first entry whose balance-after is not the running sum or is below zero (index), or -1 when the ledger is sound. */
export function firstUnsoundEntry(entries: readonly Pick<LedgerEntry, 'amountCents' | 'balanceAfterCents'>[]): number {
  let running = 0;
  for (const [index, entry] of entries.entries()) {
    running += entry.amountCents;
    if (entry.balanceAfterCents !== running || running < 0) return index;
  }
  return -1;
}

/** The kinds that put a card's first balance on it. */
const ISSUING: ReadonlySet<LedgerKind> = new Set(['issue', 'prize']);

/** Whether a card was never spent: only its issue (and adjustments that leave the amount as issued) happened. */
export function isUnspent(entries: readonly Pick<LedgerEntry, 'kind' | 'amountCents'>[]): boolean {
  const issued = entries.filter((entry) => ISSUING.has(entry.kind)).reduce((sum, entry) => sum + entry.amountCents, 0);
  return issued > 0 && ledgerSum(entries) === issued && !entries.some((entry) => entry.kind === 'debit');
}
