/**
 * /api/bay-booking/:id/:token: a booking as its guest sees it through the signed link of the
 * confirmation (success page, manage page), and cancelling it. 404 for an unknown booking or a token
 * that does not sign it.
 */
import * as z from 'zod/mini';
import { endpoint } from './endpoint';

/** held: waiting for payment; confirmed; cancelled; expired: the payment never came. */
export const BAY_BOOKING_STATUSES = ['held', 'confirmed', 'cancelled', 'expired'] as const;
export const bayBookingStatus = z.enum(BAY_BOOKING_STATUSES);
export type BayBookingStatus = z.infer<typeof bayBookingStatus>;

export const guestBooking = z.object({
  id: z.string(),
  status: bayBookingStatus,
  /** Venue-local date and start, and the UTC instants. */
  date: z.string(),
  start: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  lengthMinutes: z.number(),
  partySize: z.number(),
  bayId: z.string(),
  /** 'Bay 3'. */
  bayName: z.string(),
  name: z.string(),
  email: z.string(),
  /** What was charged, and what of the length the member's included time covered. */
  amountCents: z.number(),
  includedMinutes: z.number(),
  refundedCents: z.number(),
  /** Whether the guest can cancel online now; when not, why (the page adds the phone). */
  cancellable: z.boolean(),
  cancelRefusal: z.nullable(z.string()),
  /** The last moment a cancellation is free and refunded (ISO). */
  freeCancellationUntil: z.string(),
  /** The venue's phone, for what cannot be done online. */
  phone: z.string(),
  /** This page's own address (the manage link) and the calendar file's. */
  manageUrl: z.string(),
  calendarUrl: z.string(),
});
export type GuestBooking = z.infer<typeof guestBooking>;

export const viewBooking = endpoint('GET', '/api/bay-booking/:id/:token').answers<GuestBooking>();
/** Cancels and refunds what was paid; 409 after the limit (the answer's error says why). Answers the booking as it is now. */
export const cancelBooking = endpoint('POST', '/api/bay-booking/:id/:token/cancel').answers<GuestBooking>();
/** The booking as an iCalendar file (text/calendar), for "Add to calendar". */
export const bookingCalendar = endpoint('GET', '/api/bay-booking/:id/:token/calendar.ics').answers<string>();
