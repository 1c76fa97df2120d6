/**
 * An event request as stored: the form's fields, its id, when it was sent, and the staff's status,
 * notes and change history. The staff inbox's API answers these records as they are.
 */
import * as z from 'zod/mini';

/** Where a request stands in the staff inbox (labels and rules: rules/event-requests.ts). */
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
