/**
 * /api/admin/event-bookings: the stored event requests, newest first, and changing one's
 * status and staff notes (body: eventRequestChangeSchema, request-change.ts).
 */
import * as z from 'zod/mini';
import type { eventRequestChangeSchema } from './request-change';
import { endpoint } from '../../../shared/contract/endpoint';
import { eventRequest, type EventRequest } from '../record';

export { eventRequest, type EventRequest };

export const eventRequestsAnswer = z.array(eventRequest);

export const listEventRequests = endpoint('GET', '/api/admin/event-bookings').answers<EventRequest[]>();
/** Answers the request as changed; 404 when no request has that id. */
export const changeEventRequest = endpoint('PATCH', '/api/admin/event-bookings/:id').takes<z.input<typeof eventRequestChangeSchema>>().answers<EventRequest>();
