/**
 * The booking as the page that moves or cancels it last read it, sealed by the server (link-token.ts):
 * the move's or the cancel's one script checks that the record still is so (AS_SEEN_LUA), and changes
 * nothing otherwise. So neither reads before its script (one round trip), the keys it passes are the
 * ones the record claims, and of two changes made from the same reading only the first applies.
 */
import { bayBooking } from '../catalogue';
import type { BayBookingConfig } from '../rules/config';
import { HttpError } from '../../../shared/server/request';
import type { MovePaid } from '../rules/move';
import { bookingKeys } from './booking-keys';
import { seal, unseal } from './link-token';
import { owedCents, type StoredBayBooking } from './record';
import type { BookingKeys } from './store';
import type { BookingRevision } from './revision-shape';

export { AS_SEEN_LUA, type BookingRevision } from './revision-shape';

/** Versioned with the revision's shape: a page sealed under another shape is asked to reload. */
const SCOPE = 'bay-revision-2';

export const MOVE_CHANGED_MESSAGE = 'This booking has changed since this page was loaded. Please reload it and choose again.';

export function bookingRevisionOf(record: StoredBayBooking): BookingRevision {
  return {
    id: record.id,
    kind: record.kind,
    bayId: record.bayId,
    date: record.date,
    start: record.start,
    startsAt: record.startsAt,
    lengthMinutes: record.lengthMinutes,
    includedMinutes: record.includedMinutes,
    partySize: record.partySize,
    name: record.name,
    email: record.email,
    memberId: record.memberId ?? '',
    moves: record.history?.length ?? 0,
    amountCents: record.amountCents,
    refundedCents: record.refundedCents,
    owedCents: owedCents(record),
    cardCents: record.giftCard && !record.giftCard.returned ? record.giftCard.cents : 0,
    giftCardId: record.giftCard && !record.giftCard.returned ? record.giftCard.id : '',
    slots: [...bookingKeys(record).slotKeys],
  };
}

/** The keys the booking claims as the revision saw it: what its one script frees or moves. */
export function revisionKeys(revision: BookingRevision, config: BayBookingConfig = bayBooking): BookingKeys {
  const { giftCardId, cardCents, memberId, ...fields } = revision;
  return bookingKeys(
    {
      ...fields,
      ...(memberId ? { memberId } : {}),
      ...(giftCardId ? { giftCard: { id: giftCardId, cents: cardCents } } : {}),
      visitorKeys: [],
    },
    config,
  );
}

export const sealRevision = (record: StoredBayBooking): string => seal(SCOPE, bookingRevisionOf(record));

/** The revision the page sent for booking `id`; 409 (reload) when it is not one this server sealed for it. */
export function openRevision(id: string, sealed: string): BookingRevision {
  const revision = unseal(SCOPE, sealed) as BookingRevision | null;
  if (!revision || revision.id !== id) throw new HttpError(409, MOVE_CHANGED_MESSAGE);
  return revision;
}

/** What the booking has paid and still counts toward it. */
export function paidOf(revision: BookingRevision): MovePaid {
  return { stripeCents: revision.amountCents - revision.refundedCents - revision.owedCents, cardCents: revision.cardCents };
}
