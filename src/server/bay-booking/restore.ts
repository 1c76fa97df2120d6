/**
 * What a restore writes for a bay booking besides its record: the index, the holds index, the half
 * hours it claims and its member's included time, rebuilt from the record as the hold and
 * confirmation scripts write them, so the data file holds only records. Keys that would already have
 * expired (a booking's half hours a week after they passed) are not written.
 */
import { bayBooking } from '../../data/bay-booking';
import type { BayBookingConfig } from '../../domain/bay-booking/config';
import { MINUTE_MS } from '../../domain/bay-booking/rules';
import { bookingKeys } from './booking';
import type { StoredBayBooking } from './record';
import { HOLDS_KEY, INDEX_KEY, SLOT_KEEP_MS } from './store';

export type RestoreWrite = ['ZADD', string, string, string] | ['SET', string, string, 'PX', string] | ['HSET', string, string, string] | ['PEXPIRE', string, string];

export function restoreWrites(record: StoredBayBooking, now: number, config: BayBookingConfig = bayBooking): RestoreWrite[] {
  const keys = bookingKeys(record, config);
  const writes: RestoreWrite[] = [['ZADD', INDEX_KEY, String(keys.startsAt), record.id]];
  if (record.status !== 'held' && record.status !== 'confirmed') return writes;
  const holdUntil = record.status === 'held' ? record.holdUntil : 0;
  if (record.status === 'held') writes.push(['ZADD', HOLDS_KEY, String(holdUntil), record.id]);
  const slotMs = keys.slotMinutes * MINUTE_MS;
  keys.slotKeys.forEach((key, index) => {
    const ttl = keys.startsAt + (index + 1) * slotMs + SLOT_KEEP_MS - now;
    if (ttl > 0) writes.push(['SET', key, `${record.id}|${holdUntil}`, 'PX', String(ttl)]);
  });
  const memberTtl = keys.startsAt + SLOT_KEEP_MS - now;
  if (keys.memberKey !== '' && record.includedMinutes > 0 && memberTtl > 0) {
    const until = keys.startsAt + record.includedMinutes * MINUTE_MS;
    writes.push(['HSET', keys.memberKey, record.id, `${record.includedMinutes}|${keys.startsAt}|${until}|${holdUntil}`], ['PEXPIRE', keys.memberKey, String(memberTtl)]);
  }
  return writes;
}
