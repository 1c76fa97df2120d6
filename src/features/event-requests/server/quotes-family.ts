/**
 * Event quotes in the venue data file: their records only. The index, the holds index and the half
 * hours each claims on the bays' calendar are rebuilt from them on import, with their expiries, so a
 * restored confirmed event still blocks its spaces and a restored tentative hold still lapses.
 */
import * as z from 'zod';
import { MINUTE_MS } from '../rules/quote';
import { fileTime, recordEntry, type RecordFamily, type StoreWrite } from '../../../shared/venue-data/registry';
import { readIndexedRecords } from '../../../shared/venue-data/reads';
import { SLOT_KEEP_MS } from '../../bay-booking/server/store';
import { readStoredQuote, type StoredQuote } from '../quote-record';
import { QUOTE_HOLDS_KEY, quoteKey, QUOTES_KEY, slotOwner } from './quote-store';
import { quoteTallies } from './report-tallies';

/** The fields its derived keys are rebuilt from; the others are kept as they are. */
const quoteFields = z.looseObject({
  id: z.string().min(1),
  status: z.enum(['sent', 'confirmed', 'expired', 'withdrawn', 'cancelled']),
  holdUntil: fileTime,
  quote: z.looseObject({ startsAt: fileTime }),
  slots: z.array(z.string().regex(/^bay:slot:[a-z0-9-]+:\d+$/)),
});

/** Checked field by field but passed on as given (the round trip must give the same bytes). */
const quoteRecord = z.custom<z.infer<typeof quoteFields>>(() => true).superRefine((value, context) => {
  const checked = quoteFields.safeParse(value);
  if (!checked.success) for (const issue of checked.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
});

const quoteEntry = recordEntry({}, quoteRecord);
export type EventQuoteEntry = z.infer<typeof quoteEntry>;

/** The writes that rebuild a quote's derived keys: its index, its hold and its half hours (not those long past). */
export function quoteRestoreWrites(record: StoredQuote, now: number): StoreWrite[] {
  const writes: StoreWrite[] = [['ZADD', QUOTES_KEY, String(record.quote.startsAt), record.id]];
  if (record.status !== 'sent' && record.status !== 'confirmed') return writes;
  const holdUntil = record.status === 'sent' ? record.holdUntil : 0;
  if (record.status === 'sent') writes.push(['ZADD', QUOTE_HOLDS_KEY, String(holdUntil), record.id]);
  for (const key of record.slots) {
    const instant = Number(key.split(':').at(-1)) * MINUTE_MS;
    const ttl = instant + 30 * MINUTE_MS + SLOT_KEEP_MS - now;
    if (ttl > 0) writes.push(['SET', key, `${slotOwner(record.id)}|${holdUntil}`, 'PX', String(ttl)]);
  }
  return writes;
}

export const eventQuotesFamily: RecordFamily<EventQuoteEntry> = {
  name: 'eventQuotes',
  label: 'event quotes',
  entry: quoteEntry,
  idOf: (entry) => entry.id,
  /** By the event's start. */
  timeOf: (entry) => entry.record.quote.startsAt,
  ownedKeys: [QUOTES_KEY, QUOTE_HOLDS_KEY],
  async read(reader) {
    const { found, skipped } = await readIndexedRecords(reader, QUOTES_KEY, quoteKey);
    const entries: EventQuoteEntry[] = [];
    for (const { id, record } of found) {
      if (quoteEntry.safeParse({ id, record }).success) entries.push({ id, record: record as EventQuoteEntry['record'] });
      else skipped.push(quoteKey(id));
    }
    return { entries, skipped };
  },
  tallies(entry) {
    const record = readStoredQuote(entry.record);
    return record ? quoteTallies(record) : [];
  },
  restore(entry, now) {
    const record = readStoredQuote(entry.record);
    if (!record) throw new Error(`event quote ${entry.id} is not a quote record`);
    return [['SET', quoteKey(entry.id), JSON.stringify(entry.record)], ...quoteRestoreWrites(record, now)];
  },
};
