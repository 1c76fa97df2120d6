/**
 * POST /api/event-booking: an event booking request from the events page. Body:
 * eventRequestBodySchema (src/features/event-requests/contract/request-form.ts). Answer (201): the request's id.
 */
import * as z from 'zod/mini';
import type { eventRequestBodySchema } from './request-form';
import { endpoint } from '../../../shared/contract/endpoint';

export const bookingReceivedAnswer = z.object({ ok: z.literal(true), id: z.string() });
export type BookingReceived = z.infer<typeof bookingReceivedAnswer>;

export const sendEventRequest = endpoint('POST', '/api/event-booking').takes<z.input<typeof eventRequestBodySchema>>().answers<BookingReceived>();
