/**
 * The keys a stored booking claims, from its record: the half hours of its range and buffer on its
 * bay (those it stored when it claimed them; for a record stored before it kept them, derived from the
 * content), its member's day, and the visitor's unpaid-hold sets it was counted in. Releasing,
 * settling and restoring a booking all use this one derivation.
 */
import { bayBooking } from '../catalogue';
import type { BayBookingConfig } from '../rules/config';
import { claimedInstants } from '../rules/rules';
import type { StoredBayBooking } from './record';
import { memberDayKey, slotKey, type BookingKeys } from './store';
import { bayUseDays } from './report-tallies';

/** The keys of a stored booking's half hours (range and buffer) and its member's day. */
export function bookingKeys(record: Pick<StoredBayBooking, 'bayId' | 'startsAt' | 'lengthMinutes' | 'memberId' | 'date' | 'visitorKeys' | 'giftCard' | 'slots' | 'kind' | 'start' | 'includedMinutes'>, config: BayBookingConfig = bayBooking): BookingKeys {
  const startsAt = Date.parse(record.startsAt);
  return {
    slotKeys: record.slots ?? claimedInstants(config, startsAt, record.lengthMinutes).map((instant) => slotKey(record.bayId, instant)),
    memberKey: record.memberId ? memberDayKey(record.memberId, record.date) : '',
    visitorKeys: record.visitorKeys ?? [],
    startsAt,
    slotMinutes: config.slotMinutes,
    giftCard: record.giftCard ?? null,
    useDays: bayUseDays(record),
  };
}
