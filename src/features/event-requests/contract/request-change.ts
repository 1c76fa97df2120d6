import * as z from 'zod';
import { EVENT_REQUEST_STATUSES, EVENT_REQUEST_STATUS_LABELS, STAFF_NOTES_MAX_LENGTH } from '../rules/event-requests';

/** What staff change on an event request: its status, its notes, or both; at least one. */
export const EVENT_REQUEST_CHANGE_MESSAGES = {
  status: `Choose a status: ${EVENT_REQUEST_STATUSES.map((status) => EVENT_REQUEST_STATUS_LABELS[status]).join(', ')}.`,
  notes: `Notes can be at most ${STAFF_NOTES_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  nothing: 'Send a status or notes to change.',
} as const;

export const eventRequestChangeSchema = z
  .object({
    status: z.enum(EVENT_REQUEST_STATUSES, { error: EVENT_REQUEST_CHANGE_MESSAGES.status }).optional(),
    notes: z.string({ error: EVENT_REQUEST_CHANGE_MESSAGES.notes }).max(STAFF_NOTES_MAX_LENGTH, EVENT_REQUEST_CHANGE_MESSAGES.notes).optional(),
  })
  .refine((change) => change.status !== undefined || change.notes !== undefined, { error: EVENT_REQUEST_CHANGE_MESSAGES.nothing });

export type EventRequestChangeBody = z.output<typeof eventRequestChangeSchema>;
