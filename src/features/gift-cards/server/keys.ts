/**
 * Where gift cards live in Redis:
 *   giftcard:card:{id}     JSON GiftCardRecord (who bought it, for whom, when it is delivered; never the code)
 *   giftcard:cards         sorted set of ids, score = issued (ms): the staff list and the export
 *   giftcard:balances      hash id → balance in cents
 *   giftcard:status        hash id → active | void
 *   giftcard:ledger:{id}   list of JSON LedgerEntry, appended by the balance step only
 *   giftcard:codes         hash sha-256 of the code → id (the code itself is never stored)
 *   giftcard:sessions      hash Checkout session id → id: one card per paid session, ever
 *   giftcard:pending       sorted set of Checkout session ids not issued yet, score = created (ms)
 *   giftcard:issue-month   hash id → venue-local month of issue ('2026-11'), for the reports' liability
 */
import { createHash } from 'node:crypto';

export const cardKey = (id: string) => `giftcard:card:${id}`;
export const ledgerKey = (id: string) => `giftcard:ledger:${id}`;
export const CARDS_KEY = 'giftcard:cards';
export const BALANCES_KEY = 'giftcard:balances';
export const STATUS_KEY = 'giftcard:status';
export const CODES_KEY = 'giftcard:codes';
export const SESSIONS_KEY = 'giftcard:sessions';
export const PENDING_KEY = 'giftcard:pending';
export const ISSUE_MONTHS_KEY = 'giftcard:issue-month';

/**
 * The stored form of a code (normalized, 16 characters): its SHA-256. A code carries 75 random bits,
 * so its hash cannot be reversed by trying codes; no pepper is needed, and a restored data file keeps
 * every card working on any deployment.
 */
export const hashCode = (code: string) => createHash('sha256').update(`gift-card:${code}`).digest('hex');
