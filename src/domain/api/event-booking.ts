/**
 * POST /api/event-booking: an event booking request from the events page. Body:
 * eventBookingRequestSchema (src/domain/forms/event-booking.ts). Answer (201): the request's id.
 */
import * as z from 'zod/mini';
import type { eventBookingRequestSchema } from '../forms/event-booking';
import { endpoint } from './endpoint';

export const bookingReceivedAnswer = z.object({ ok: z.literal(true), id: z.string() });
export type BookingReceived = z.infer<typeof bookingReceivedAnswer>;

export const requestEventBooking = endpoint('POST', '/api/event-booking').takes<z.input<typeof eventBookingRequestSchema>>().answers<BookingReceived>();
