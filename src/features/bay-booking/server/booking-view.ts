/**
 * A booking as people read it: its bay's name, whether its guest may still cancel online, the page
 * the signed link shows and its calendar file. Pure, so the confirmation e-mail and the staff views
 * use it without the cancelling and refunding in manage.ts (and the Stripe SDK behind it).
 */
import { bayBooking } from '../catalogue';
import type { GuestBooking } from '../contract/bay-booking';
import type { BayBookingConfig } from '../rules/config';
import { bookingCalendarUrl, bookingManageUrl } from '../rules/links';
import { freeCancellationUntil } from '../rules/rules';
import { moveRefusal } from '../rules/move';
import { sealRevision } from './revision';
import { formatClock, minutesOfDay } from '../../../domain/clock';
import { weeklyCalendar } from '../../../shared/mail/ics';
import { owedCents, type BayPlace, type StoredBayBooking } from './record';

export function bayName(bayId: string, config: BayBookingConfig = bayBooking): string {
  return config.bays.find((bay) => bay.id === bayId)?.name ?? bayId;
}

/** Why the guest cannot cancel online now, or null when they can. */
export function cancelRefusal(record: Pick<StoredBayBooking, 'status' | 'startsAt'>, now: number, config: BayBookingConfig = bayBooking): string | null {
  if (record.status === 'cancelled') return 'This booking is already cancelled.';
  if (record.status === 'expired') return 'This booking was never paid, so there is nothing to cancel.';
  if (record.status === 'held') return 'This booking is waiting for its payment.';
  if (now > freeCancellationUntil(config, Date.parse(record.startsAt))) {
    const hours = config.cancellation.freeUntilHoursBefore;
    return `Bookings can be cancelled online until ${hours} hour${hours === 1 ? '' : 's'} before the start. Please call us to change this booking.`;
  }
  return null;
}

/** The booking's moves as people read them: when, and from where to where (bays by name). */
export function historyView(record: Pick<StoredBayBooking, 'history'>, config: BayBookingConfig = bayBooking): GuestBooking['history'] {
  const place = (at: BayPlace) => ({ date: at.date, start: at.start, lengthMinutes: at.lengthMinutes, bayName: bayName(at.bayId, config) });
  return (record.history ?? []).map((move) => ({ at: move.at, from: place(move.from), to: place(move.to) }));
}

/** The booking's sealed revision, for a booking that can be moved at all (confirmed); '' otherwise. */
export const revisionOf = (record: StoredBayBooking) => (record.status === 'confirmed' ? sealRevision(record) : '');

export function guestView(record: StoredBayBooking, token: string, origin: string, now: number, config: BayBookingConfig = bayBooking): GuestBooking {
  const refusal = cancelRefusal(record, now, config);
  const moveRefused = moveRefusal(record, now, config);
  const pending = record.status === 'confirmed' && record.move && record.move.holdUntil > now ? record.move : null;
  return {
    id: record.id,
    status: record.status,
    date: record.date,
    start: record.start,
    startsAt: record.startsAt,
    endsAt: record.endsAt,
    lengthMinutes: record.lengthMinutes,
    partySize: record.partySize,
    bayId: record.bayId,
    bayName: bayName(record.bayId, config),
    name: record.name,
    email: record.email,
    amountCents: record.amountCents,
    includedMinutes: record.includedMinutes,
    // A refund owed and not yet confirmed by Stripe is on its way all the same (paid by the scheduled run).
    refundedCents: record.refundedCents + owedCents(record),
    cancellable: refusal === null,
    cancelRefusal: refusal,
    freeCancellationUntil: new Date(freeCancellationUntil(config, Date.parse(record.startsAt))).toISOString(),
    phone: config.phone,
    manageUrl: bookingManageUrl(origin, record.id, token),
    calendarUrl: bookingCalendarUrl(origin, record.id, token),
    movable: moveRefused === null,
    moveRefusal: moveRefused,
    revision: revisionOf(record),
    pendingMove: pending
      ? { date: pending.to.date, start: pending.to.start, startsAt: pending.to.startsAt, endsAt: pending.to.endsAt, lengthMinutes: pending.to.lengthMinutes, chargeCents: pending.chargeCents, checkoutUrl: pending.checkoutUrl ?? null }
      : null,
    history: historyView(record, config),
  };
}

/**
 * The booking as a one-event iCalendar file in the venue's zone. `bay` is how it names the bay (its
 * name, or a mark a script fills); `folded: false` leaves long lines whole, for a message whose
 * calendar the mail transport folds when it sends it. The event keeps its UID; each move raises its
 * SEQUENCE (the moves made), so a calendar updates the event it has rather than add another.
 */
export function bookingIcs(
  record: Pick<StoredBayBooking, 'id' | 'bayId' | 'date' | 'start' | 'lengthMinutes' | 'partySize' | 'history'>,
  siteName: string,
  address: string,
  now: Date,
  { config = bayBooking, bay = bayName(record.bayId, config), folded = true, sequence = record.history?.length ?? 0 }: { config?: BayBookingConfig; bay?: string; folded?: boolean; sequence?: number } = {},
): string {
  const hours = record.lengthMinutes / 60;
  return weeklyCalendar(
    [
      {
        uid: `bay-booking-${record.id}@${siteName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        summary: `${siteName}: ${bay}`,
        description: `${bay} for ${record.partySize}, ${formatClock(minutesOfDay(record.start), 'full')}, ${hours} hour${hours === 1 ? '' : 's'}. Booking ${record.id}.`,
        location: address,
        firstDate: record.date,
        startTime: record.start,
        durationMinutes: record.lengthMinutes,
        count: 1,
        ...(sequence > 0 ? { sequence } : {}),
      },
    ],
    { productId: `-//${siteName}//Bay booking//EN`, now, folded },
  );
}
