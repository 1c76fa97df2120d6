/**
 * A booking as its guest sees it through the signed link, cancelling it, and its calendar file.
 * Before the policy's limit a cancellation refunds what was paid through Stripe and frees the bay
 * (and a member's included time for the day); after it, the answer says why and the page gives the
 * phone number.
 */
import { bayBooking } from '../../data/bay-booking';
import type { GuestBooking } from '../../domain/api/bay-booking';
import type { BayBookingConfig } from '../../domain/bay-booking/config';
import { bookingCalendarUrl, bookingManageUrl } from '../../domain/bay-booking/links';
import { freeCancellationUntil } from '../../domain/bay-booking/rules';
import { formatClock, minutesOfDay } from '../../domain/clock';
import { weeklyCalendar } from '../../domain/mail/ics';
import { HttpError } from '../request';
import { bookingKeys } from './booking';
import { isBookingToken } from './link-token';
import { refundPayment } from './payment';
import type { StoredBayBooking } from './record';
import { readBooking, releaseBooking } from './store';

export const BOOKING_NOT_FOUND_MESSAGE = 'Booking not found.';

const BOOKING_ID = /^[0-9a-f-]{36}$/;

/** The booking the link names, when its token signs it; 404 otherwise (never says which). */
export async function bookingOfLink(id: string, token: string): Promise<StoredBayBooking> {
  if (!BOOKING_ID.test(id) || !isBookingToken(id, token)) throw new HttpError(404, BOOKING_NOT_FOUND_MESSAGE);
  const record = await readBooking(id);
  if (!record) throw new HttpError(404, BOOKING_NOT_FOUND_MESSAGE);
  return record;
}

/** Why the guest cannot cancel online now, or null when they can. */
export function cancelRefusal(record: StoredBayBooking, now: number, config: BayBookingConfig = bayBooking): string | null {
  if (record.status === 'cancelled') return 'This booking is already cancelled.';
  if (record.status === 'expired') return 'This booking was never paid, so there is nothing to cancel.';
  if (record.status === 'held') return 'This booking is waiting for its payment.';
  if (now > freeCancellationUntil(config, Date.parse(record.startsAt))) {
    const hours = config.cancellation.freeUntilHoursBefore;
    return `Bookings can be cancelled online until ${hours} hour${hours === 1 ? '' : 's'} before the start. Please call us to change this booking.`;
  }
  return null;
}

export function bayName(bayId: string, config: BayBookingConfig = bayBooking): string {
  return config.bays.find((bay) => bay.id === bayId)?.name ?? bayId;
}

export function guestView(record: StoredBayBooking, token: string, origin: string, now: number, config: BayBookingConfig = bayBooking): GuestBooking {
  const refusal = cancelRefusal(record, now, config);
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
    refundedCents: record.refundedCents,
    cancellable: refusal === null,
    cancelRefusal: refusal,
    freeCancellationUntil: new Date(freeCancellationUntil(config, Date.parse(record.startsAt))).toISOString(),
    phone: config.phone,
    manageUrl: bookingManageUrl(origin, record.id, token),
    calendarUrl: bookingCalendarUrl(origin, record.id, token),
  };
}

/** Frees the bay and refunds what was paid (in full: the cancellation is free before the limit). */
export async function cancelBooking(record: StoredBayBooking, options: { refund: boolean }, config: BayBookingConfig = bayBooking): Promise<StoredBayBooking> {
  const owed = options.refund ? record.amountCents - record.refundedCents : 0;
  if (owed > 0 && record.paymentIntentId) await refundPayment(record.paymentIntentId, owed, `bay-cancel-${record.id}`);
  const after = await releaseBooking(record.id, bookingKeys(record, config), { status: 'cancelled', from: ['held', 'confirmed'], refundedCents: record.paymentIntentId ? owed : 0 });
  if (!after) throw new HttpError(404, BOOKING_NOT_FOUND_MESSAGE);
  return after;
}

export async function cancelByGuest(record: StoredBayBooking, now: number): Promise<StoredBayBooking> {
  const refusal = cancelRefusal(record, now);
  if (refusal) throw new HttpError(409, refusal);
  return cancelBooking(record, { refund: true });
}

/** The booking as a one-event iCalendar file in the venue's zone. */
export function bookingIcs(record: StoredBayBooking, siteName: string, address: string, now: Date, config: BayBookingConfig = bayBooking): string {
  const hours = record.lengthMinutes / 60;
  return weeklyCalendar(
    [
      {
        uid: `bay-booking-${record.id}@${siteName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        summary: `${siteName}: ${bayName(record.bayId, config)}`,
        description: `${bayName(record.bayId, config)} for ${record.partySize}, ${formatClock(minutesOfDay(record.start), 'full')}, ${hours} hour${hours === 1 ? '' : 's'}. Booking ${record.id}.`,
        location: address,
        firstDate: record.date,
        startTime: record.start,
        durationMinutes: record.lengthMinutes,
        count: 1,
      },
    ],
    { productId: `-//${siteName}//Bay booking//EN`, now },
  );
}
