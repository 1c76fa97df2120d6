/** GET /api/admin/event-bookings: the stored event booking requests, newest first. */
import * as z from 'zod/mini';
import { endpoint } from './endpoint';

/** A booking request as stored: the form's fields, its id and when it was sent. */
export const eventRequest = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string(),
  occasion: z.string(),
  partySize: z.number(),
  /** As the form sent it: 'YYYY-MM-DD'. */
  eventDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  additionalRequests: z.string(),
  /** ISO timestamp. */
  submittedAt: z.string(),
});
export type EventRequest = z.infer<typeof eventRequest>;

export const eventRequestsAnswer = z.array(eventRequest);

export const listEventRequests = endpoint('GET', '/api/admin/event-bookings').answers<EventRequest[]>();
