/**
 * The bodies of a change to a booking: a move, the guest's (POST /api/bay-booking/:id/:token/move) and
 * the staff's (POST /api/admin/bay-bookings/move/:id, which may also name the bay), and the guest's
 * cancel (POST /api/bay-booking/:id/:token/cancel). Each sends back the booking's sealed revision as
 * its page read it; the server checks a move's choice against the content and the bays.
 */
import * as z from 'zod';
import { BAY_BOOKING_MESSAGES as m } from './form-texts';
import { lengthMinutesSchema, localDateSchema, localStartSchema } from './booking-form';

export const MOVE_REVISION_MESSAGE = 'Please reload the page and choose again.';

const revision = z.string({ error: MOVE_REVISION_MESSAGE }).regex(/^[A-Za-z0-9_-]{40,4000}$/, MOVE_REVISION_MESSAGE);

const moveShape = { date: localDateSchema, start: localStartSchema, lengthMinutes: lengthMinutesSchema, revision };

export const moveBookingSchema = z.object(moveShape);
export type MoveBookingRequest = z.output<typeof moveBookingSchema>;

export const staffMoveSchema = z.object({ ...moveShape, bayId: z.string({ error: m.bayType }).regex(/^[a-z0-9-]{1,40}$/, m.bayType).optional() });
export type StaffMoveRequest = z.output<typeof staffMoveSchema>;

export const cancelBookingSchema = z.object({ revision });
export type CancelBookingRequest = z.output<typeof cancelBookingSchema>;
