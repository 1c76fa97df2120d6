/**
 * /api/admin/event-bookings: the stored event booking requests, newest first, and changing one's
 * status and staff notes (body: eventRequestChangeSchema, src/domain/forms/event-request-change.ts).
 */
import * as z from 'zod/mini';
import type { eventRequestChangeSchema } from '../forms/event-request-change';
import { endpoint } from './endpoint';

/** Where a request stands in the staff inbox (labels and rules: src/domain/event-requests.ts). */
export const EVENT_REQUEST_STATUSES = ['new', 'contacted', 'confirmed', 'declined', 'archived'] as const;
export const eventRequestStatus = z.enum(EVENT_REQUEST_STATUSES);

/** One change: when, the status it moved to, whether the notes changed. */
export const eventRequestHistoryEntry = z.object({
  /** ISO timestamp. */
  at: z.string(),
  status: z.optional(eventRequestStatus),
  notesChanged: z.optional(z.literal(true)),
});

/** A booking request as stored: the form's fields, its id, when it was sent, and the staff's status, notes and change history. */
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
  status: eventRequestStatus,
  notes: z.string(),
  /** Oldest first. */
  history: z.array(eventRequestHistoryEntry),
});
export type EventRequest = z.infer<typeof eventRequest>;

export const eventRequestsAnswer = z.array(eventRequest);

export const listEventRequests = endpoint('GET', '/api/admin/event-bookings').answers<EventRequest[]>();
/** Answers the request as changed; 404 when no request has that id. */
export const changeEventRequest = endpoint('PATCH', '/api/admin/event-bookings/:id').takes<z.input<typeof eventRequestChangeSchema>>().answers<EventRequest>();
