/**
 * Bay bookings in the venue data file: their records only. The index, the holds, the half hours each
 * claims and members' included time are rebuilt from them on import (restore.ts), with their expiries,
 * so a restored confirmed booking still blocks its bay and a restored hold still lapses.
 */
import * as z from 'zod';
import { fileTime, recordEntry, type RecordFamily } from '../../../shared/venue-data/registry';
import { readIndexedRecords } from '../../../shared/venue-data/reads';
import { readStoredBooking } from './record';
import { restoreWrites } from './restore';
import { bayBookingTallies } from './report-tallies';
import { bookingKey, HOLDS_KEY, INDEX_KEY } from './store';

/** The fields of a bay booking that its derived keys are rebuilt from; the others are kept as they are. */
const bayRecordFields = z.looseObject({
  id: z.string().min(1),
  bayId: z.string().min(1),
  status: z.enum(['held', 'confirmed', 'cancelled', 'expired']),
  date: z.iso.date(),
  startsAt: z.iso.datetime(),
  lengthMinutes: z.int().positive(),
  includedMinutes: z.int().nonnegative(),
  holdUntil: fileTime,
  memberId: z.string().min(1).optional(),
  slots: z.array(z.string().regex(/^bay:slot:[^:]+:\d+$/)).min(1).optional(),
}).refine((record) => (record.slots ?? []).every((slot) => slot.startsWith(`bay:slot:${record.bayId}:`)), { message: 'every slot must be one of its bay’s', path: ['slots'] });

/** Checked field by field but passed on as given (a parsed object would reorder its fields, and the round trip must give the same bytes). */
const bayRecord = z.custom<z.infer<typeof bayRecordFields>>(() => true).superRefine((value, context) => {
  const checked = bayRecordFields.safeParse(value);
  if (!checked.success) for (const issue of checked.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
});

const bayBookingEntry = recordEntry({}, bayRecord);

export type BayBookingEntry = z.infer<typeof bayBookingEntry>;

export const bayBookingsFamily: RecordFamily<BayBookingEntry> = {
  name: 'bayBookings',
  label: 'bay bookings',
  entry: bayBookingEntry,
  idOf: (entry) => entry.id,
  /** By start. */
  timeOf: (entry) => Date.parse(entry.record.startsAt),
  ownedKeys: [INDEX_KEY, HOLDS_KEY],
  async read(reader) {
    const { found, skipped } = await readIndexedRecords(reader, INDEX_KEY, bookingKey);
    const entries: BayBookingEntry[] = [];
    for (const { id, record } of found) {
      // Checked as the file is, but kept as stored (field order included).
      if (bayBookingEntry.safeParse({ id, record }).success) entries.push({ id, record: record as BayBookingEntry['record'] });
      else skipped.push(bookingKey(id));
    }
    return { entries, skipped };
  },
  tallies(entry) {
    const record = readStoredBooking(entry.record);
    return record ? bayBookingTallies(record) : [];
  },
  restore(entry, now) {
    const record = readStoredBooking(entry.record);
    if (!record) throw new Error(`bay booking ${entry.id} is not a booking record`);
    return [['SET', bookingKey(entry.id), JSON.stringify(entry.record)], ...restoreWrites(record, now)];
  },
};
