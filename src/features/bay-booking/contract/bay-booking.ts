/**
 * /api/bay-booking/:id/:token: a booking as its guest sees it through the signed link of the
 * confirmation (success page, manage page), cancelling it and moving it. 404 for an unknown booking or
 * a token that does not sign it.
 */
import * as z from 'zod/mini';
import { endpoint } from '../../../shared/contract/endpoint';
import type { cancelBookingSchema, moveBookingSchema } from './move-form';

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
  /** Refunded, or owed and on its way (a refund Stripe has not confirmed yet is retried until it is). */
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
  /** Whether the guest can move it online now; when not, why (the page adds the phone). */
  movable: z.boolean(),
  moveRefusal: z.nullable(z.string()),
  /** The booking as this answer read it, sealed: a move sends it back (the server refuses a move from an older reading). */
  revision: z.string(),
  /** A move to a dearer time waiting for its payment (its Checkout page), or null. */
  pendingMove: z.nullable(z.object({ date: z.string(), start: z.string(), startsAt: z.string(), endsAt: z.string(), lengthMinutes: z.number(), chargeCents: z.number(), checkoutUrl: z.nullable(z.string()) })),
  /** Every move made, oldest first: where from and where to (venue-local date, start, length, bay name), and when. */
  history: z.array(z.object({ at: z.string(), from: z.object({ date: z.string(), start: z.string(), lengthMinutes: z.number(), bayName: z.string() }), to: z.object({ date: z.string(), start: z.string(), lengthMinutes: z.number(), bayName: z.string() }) })),
});
export type GuestBooking = z.infer<typeof guestBooking>;

/** A start the booking can move to on the day asked, with what the move costs or gives back. */
export const moveOption = z.object({
  start: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The new range's price for this booking (its member's included time granted again there). */
  priceCents: z.number(),
  includedMinutes: z.number(),
  /** Paid through Checkout before the move is made. */
  chargeCents: z.number(),
  /** Given back: to the card through Stripe, and to the gift card that paid. */
  refundCents: z.number(),
  cardBackCents: z.number(),
});
export type MoveOption = z.infer<typeof moveOption>;

export const moveOptionsAnswer = z.object({
  date: z.string(),
  lengthMinutes: z.number(),
  /** The booking window (venue-local dates). */
  firstDate: z.string(),
  lastDate: z.string(),
  closedReason: z.nullable(z.string()),
  times: z.array(moveOption),
  /** The booking as this answer read it (see guestBooking.revision). */
  revision: z.string(),
});
export type MoveOptions = z.infer<typeof moveOptionsAnswer>;

export const moveAnswer = z.object({
  booking: guestBooking,
  /** A dearer time: Checkout's page, where the move is paid (the booking keeps its time until then); null when moved at once. */
  checkoutUrl: z.nullable(z.string()),
});
export type MoveAnswer = z.infer<typeof moveAnswer>;

export const viewBooking = endpoint('GET', '/api/bay-booking/:id/:token').answers<GuestBooking>();
/**
 * Cancels and refunds what was paid (the refund on its way: `refundedCents` counts it); 409 after the
 * limit (the answer's error says why) or when the booking changed since `revision` was read. Answers
 * the booking as it is now.
 */
export const cancelBooking = endpoint('POST', '/api/bay-booking/:id/:token/cancel').takes<z.input<typeof cancelBookingSchema>>().answers<GuestBooking>();
/**
 * Gives back an unpaid hold (the guest came back from Checkout without paying), expiring its Checkout
 * session; for a booking whose move waits for its payment, lets that move go the same way (the booking
 * keeps its time). Any other booking is answered as it is.
 */
export const releaseHold = endpoint('POST', '/api/bay-booking/:id/:token/release').answers<GuestBooking>();
/** The booking as an iCalendar file (text/calendar), for "Add to calendar". */
export const bookingCalendar = endpoint('GET', '/api/bay-booking/:id/:token/calendar.ics').answers<string>();
/** The starts the booking can move to on a day, for a length (400 for a day or length the venue does not take, 409 when it can no longer be moved online). */
export const moveOptions = endpoint('GET', '/api/bay-booking/:id/:token/move-options/:date/:lengthMinutes').answers<MoveOptions>();
/**
 * Moves the booking to another start, length or day before the policy's limit: at once when the new
 * price is the same or lower (the difference refunded), through Checkout when it is higher. 409 when
 * the time is taken, the booking changed since `revision` was read, or it can no longer be moved online.
 */
export const moveBooking = endpoint('POST', '/api/bay-booking/:id/:token/move').takes<z.input<typeof moveBookingSchema>>().answers<MoveAnswer>();
