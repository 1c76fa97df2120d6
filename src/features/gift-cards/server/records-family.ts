/**
 * Gift cards in the venue data file: each card's record with its status, balance and whole ledger,
 * so a restore gives back every card, its working code (the hash is in the record) and its history.
 * A Checkout session still waiting to be paid is left out: its webhook still issues it after a restore.
 */
import * as z from 'zod';
import { parseRecord } from '../../../shared/server/json-records';
import { fileTime, recordEntry, type RecordFamily, type StoredRecord, type StoreWrite } from '../../../shared/venue-data/registry';
import { hashRead, listRead, scoredIndexRead, textsRead } from '../../../shared/venue-data/reads';
import { LEDGER_KINDS } from '../rules/ledger';
import { readLedgerEntry } from './balance-script';
import { BALANCES_KEY, cardKey, CARDS_KEY, CODES_KEY, ISSUE_MONTHS_KEY, ledgerKey, SESSIONS_KEY, STATUS_KEY } from './keys';
import { GIFT_CARD_KIND } from './record';
import { giftIssuedTally, giftRedeemedTally, issueMonthOf } from '../../reports/rules/liability';
import { revenueTally, type Tally } from '../../reports/rules/tally';

const ledgerEntry = z.object({
  at: z.string().min(1),
  kind: z.enum(LEDGER_KINDS),
  amountCents: z.int(),
  balanceAfterCents: z.int().nonnegative(),
  note: z.string(),
  reference: z.string(),
});

const giftCardEntry = recordEntry({
  /** When it was issued (ms since 1970), the cards index's order. */
  issuedAtMs: fileTime,
  status: z.enum(['active', 'void']),
  balanceCents: z.int().nonnegative(),
  ledger: z.array(ledgerEntry),
});

export type GiftCardEntry = z.infer<typeof giftCardEntry>;

export const giftCardsFamily: RecordFamily<GiftCardEntry> = {
  name: 'giftCards',
  label: 'gift cards',
  entry: giftCardEntry,
  idOf: (entry) => entry.id,
  timeOf: (entry) => entry.issuedAtMs,
  ownedKeys: [CARDS_KEY, BALANCES_KEY, STATUS_KEY, CODES_KEY, SESSIONS_KEY, ISSUE_MONTHS_KEY],
  // Two steps, as every family: the index and hashes, then each card's record and ledger together.
  async read(reader) {
    const [index, statuses, balances] = await Promise.all([reader.read(scoredIndexRead(CARDS_KEY)), reader.read(hashRead(STATUS_KEY)), reader.read(hashRead(BALANCES_KEY))]);
    const [texts, ledgers] = await Promise.all([reader.read(textsRead(index.map(([id]) => cardKey(id)))), Promise.all(index.map(([id]) => reader.read(listRead(ledgerKey(id)))))]);
    const entries: GiftCardEntry[] = [];
    const skipped: string[] = [];
    index.forEach(([id, score], position) => {
      const record = parseRecord(texts[position]);
      if (!record || record['id'] !== id) {
        skipped.push(cardKey(id));
        return;
      }
      entries.push({
        id,
        issuedAtMs: score,
        status: statuses.get(id) === 'void' ? 'void' : 'active',
        balanceCents: Number(balances.get(id) ?? 0),
        ledger: (ledgers[position] ?? []).map(readLedgerEntry).filter((entry) => entry !== null),
        record: record as StoredRecord,
      });
    });
    return { entries, skipped };
  },
  // What the balance step and the sale added to the reports, from the ledger: a sale is revenue, and
  // every entry moves the liability of the card's month of issue (a prize adds to it, unpaid).
  tallies(entry) {
    const issuedAt = new Date(entry.issuedAtMs);
    return entry.ledger.flatMap((line): Tally[] => {
      const at = new Date(line.at);
      if (line.kind === 'issue') return [...giftIssuedTally(line.amountCents, issuedAt), ...revenueTally(GIFT_CARD_KIND, line.amountCents, at)];
      // A prize is owed like a sold card but was never paid for.
      if (line.kind === 'prize') return giftIssuedTally(line.amountCents, issuedAt);
      return giftRedeemedTally(-line.amountCents, issuedAt, at);
    });
  },
  restore(entry) {
    const writes: StoreWrite[] = [
      ['SET', cardKey(entry.id), JSON.stringify(entry.record)],
      ['ZADD', CARDS_KEY, String(entry.issuedAtMs), entry.id],
      ['HSET', STATUS_KEY, entry.id, entry.status],
      ['HSET', BALANCES_KEY, entry.id, String(entry.balanceCents)],
      ['HSET', ISSUE_MONTHS_KEY, entry.id, issueMonthOf(new Date(entry.issuedAtMs))],
      ...entry.ledger.map((each): StoreWrite => ['RPUSH', ledgerKey(entry.id), JSON.stringify(each)]),
    ];
    const { codeHash, checkoutSessionId } = entry.record as { codeHash?: unknown; checkoutSessionId?: unknown };
    if (typeof codeHash === 'string' && codeHash) writes.push(['HSET', CODES_KEY, codeHash, entry.id]);
    if (typeof checkoutSessionId === 'string' && checkoutSessionId) writes.push(['HSET', SESSIONS_KEY, checkoutSessionId, entry.id]);
    return writes;
  },
};
