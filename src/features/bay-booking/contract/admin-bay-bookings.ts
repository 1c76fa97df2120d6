/**
 * /api/admin/bay-bookings: the staff's bookings and blocks. A day's view (bays × time), a search over
 * every booking, staff bookings and blocks under the same no-overlap rule as the site's bookings,
 * cancelling with or without a refund, and moving; the refunds given up after every attempt, and their retry.
 */
import * as z from 'zod/mini';
import type { staffBayEntrySchema, staffCancelSchema } from './booking-form';
import type { staffMoveSchema } from './move-form';
import { bayBookingStatus, guestBooking } from './bay-booking';
import type { OkAnswer } from '../../../shared/contract/common';
import { endpoint } from '../../../shared/contract/endpoint';

/** online: booked and paid on the site; member: included time; desk: staff booking; block: maintenance or the like. */
export const bayEntryKind = z.enum(['online', 'member', 'desk', 'block']);
export type BayEntryKind = z.infer<typeof bayEntryKind>;

export const staffBooking = z.object({
  id: z.string(),
  kind: bayEntryKind,
  status: bayBookingStatus,
  bayId: z.string(),
  bayName: z.string(),
  date: z.string(),
  start: z.string(),
  /** Venue-local end: '20:00'. */
  end: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  lengthMinutes: z.number(),
  partySize: z.number(),
  /** Guest's name, or the block's reason. */
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  amountCents: z.number(),
  includedMinutes: z.number(),
  refundedCents: z.number(),
  /** ISO, when it was made. */
  createdAt: z.string(),
  /** The entry as this answer read it, sealed, while it can be moved (confirmed, not ended; '' otherwise): a move sends it back. */
  revision: z.string(),
  /** Every move made, oldest first. */
  history: guestBooking.shape.history,
  /** A guest's move to a dearer time waits for its payment (no other move until it is paid or let go). */
  moveWaiting: z.boolean(),
});
export type StaffBooking = z.infer<typeof staffBooking>;

export const bayDayAnswer = z.object({
  date: z.string(),
  bays: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Venue-local opening and closing ('11:00', '22:00'); null when closed. */
  opens: z.nullable(z.string()),
  closes: z.nullable(z.string()),
  /** Held and confirmed entries of the day, by start. */
  bookings: z.array(staffBooking),
  /** What else blocks bays that day, each with its label: league tee times, and events quoted or confirmed (event-requests). */
  league: z.array(z.object({ bayId: z.string(), start: z.string(), end: z.string(), label: z.string() })),
});
export type BayDay = z.infer<typeof bayDayAnswer>;

export const bayBookingsAnswer = z.array(staffBooking);

/** The day view of a venue-local date. */
export const bayDay = endpoint('GET', '/api/admin/bay-bookings/day/:date').answers<BayDay>();
/** Every booking whose guest, e-mail, phone, id or date contains the text (empty: all), newest first. */
export const searchBayBookings = endpoint('GET', '/api/admin/bay-bookings/search/:text').answers<z.infer<typeof bayBookingsAnswer>>();
export const allBayBookings = endpoint('GET', '/api/admin/bay-bookings').answers<z.infer<typeof bayBookingsAnswer>>();
/** A desk booking or a block; 409 when the bay is taken. */
export const addBayEntry = endpoint('POST', '/api/admin/bay-bookings').takes<z.input<typeof staffBayEntrySchema>>().answers<StaffBooking>();
export const cancelBayEntry = endpoint('POST', '/api/admin/bay-bookings/cancel/:id').takes<z.input<typeof staffCancelSchema>>().answers<StaffBooking>();
/**
 * Moves an entry to another start, length, day or bay, at any notice: a cheaper time's difference is
 * refunded, a dearer one's is settled at the venue; 409 when the bay is taken or the entry changed
 * since `revision` was read.
 */
export const moveBayEntry = endpoint('POST', '/api/admin/bay-bookings/move/:moveId').takes<z.input<typeof staffMoveSchema>>().answers<StaffBooking>();

/** A refund given up after every attempt (Stripe refused or was down each time), for the staff to retry. */
export const failedRefund = z.object({
  bookingId: z.string(),
  name: z.string(),
  email: z.string(),
  date: z.string(),
  start: z.string(),
  bayName: z.string(),
  /** What is owed back, in cents. */
  amountCents: z.number(),
  attempts: z.number(),
  lastError: z.string(),
});
export type FailedRefund = z.infer<typeof failedRefund>;

/** Refunds given up after every attempt, newest first. */
export const listFailedRefunds = endpoint('GET', '/api/admin/bay-bookings/refunds/failed').answers<FailedRefund[]>();
/** Tries a given-up refund again now (and later by the scheduled run when Stripe still refuses); 404 when that booking has none. */
export const retryRefund = endpoint('POST', '/api/admin/bay-bookings/refunds/:refundId/retry').answers<OkAnswer>();
