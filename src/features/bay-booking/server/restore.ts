/**
 * What a restore writes for a bay booking besides its record: the index, the holds index, the owed
 * refunds' queue, the moves waiting for payment, the half hours it claims and its member's included time, rebuilt from the record as the hold and
 * confirmation scripts write them, so the data file holds only records. Keys that would already have
 * expired (a booking's half hours a week after they passed) are not written.
 */
import { bayBooking } from '../catalogue';
import type { BayBookingConfig } from '../rules/config';
import { MINUTE_MS } from '../rules/rules';
import { bookingKeys } from './booking-keys';
import type { StoreWrite } from '../../../shared/venue-data/registry';
import type { StoredBayBooking } from './record';
import { HOLDS_KEY, INDEX_KEY, SLOT_KEEP_MS } from './store';
import { FAILED_REFUNDS_KEY, REFUNDS_KEY } from './refund-step';
import { MOVES_KEY } from './move-store';

export function restoreWrites(record: StoredBayBooking, now: number, config: BayBookingConfig = bayBooking): StoreWrite[] {
  const keys = bookingKeys(record, config);
  const writes: StoreWrite[] = [['ZADD', INDEX_KEY, String(keys.startsAt), record.id]];
  // A refund still owed is due again at once (or listed for the staff when it was given up).
  if (record.refundOwed) writes.push(['ZADD', record.refundOwed.failed ? FAILED_REFUNDS_KEY : REFUNDS_KEY, String(now), record.id]);
  if (record.status !== 'held' && record.status !== 'confirmed') return writes;
  // A move still waiting for its payment is listed for the reconciler, which asks Stripe about it
  // (its held half hours are not restored: once paid it is made if they are still free, else refunded).
  if (record.status === 'confirmed' && record.move) writes.push(['ZADD', MOVES_KEY, String(record.move.holdUntil), record.id]);
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
