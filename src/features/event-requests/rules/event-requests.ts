/**
 * The staff inbox's facts about an event request: its statuses and their labels, the notes limit,
 * the history entry a change leaves, and the inbox fields of a record stored before the inbox had
 * them. Any status may follow any other: staff correct a wrong click the same way they make one.
 * The list of statuses itself is the stored record's (record.ts), so the API and these facts cannot drift apart.
 */

import { EVENT_REQUEST_STATUSES } from '../record';

export { EVENT_REQUEST_STATUSES };
export type EventRequestStatus = (typeof EVENT_REQUEST_STATUSES)[number];

export const EVENT_REQUEST_STATUS_LABELS: Readonly<Record<EventRequestStatus, string>> = {
  new: 'New',
  contacted: 'Contacted',
  confirmed: 'Confirmed',
  declined: 'Declined',
  archived: 'Archived',
};

/** A request nobody has handled yet. */
export const INITIAL_STATUS: EventRequestStatus = 'new';

/** Staff notes are a few lines for colleagues, not a document. */
export const STAFF_NOTES_MAX_LENGTH = 2000;

export function isEventRequestStatus(value: unknown): value is EventRequestStatus {
  return typeof value === 'string' && (EVENT_REQUEST_STATUSES as readonly string[]).includes(value);
}

/** One change of a request: when, the status it moved to (if it moved), whether its notes changed. No name: staff share one login. */
export interface EventRequestChange {
  /** ISO timestamp. */
  at: string;
  status?: EventRequestStatus;
  notesChanged?: true;
}

export interface InboxFields {
  status: EventRequestStatus;
  notes: string;
  history: EventRequestChange[];
}

/** What a request starts with in the inbox. */
export function newInboxFields(): InboxFields {
  return { status: INITIAL_STATUS, notes: '', history: [] };
}

/**
 * A stored record with its inbox fields: records written before the inbox existed (or holding a
 * value the inbox does not know) read as new, without notes or history; every other field is kept.
 */
export function withInboxFields<Stored extends object>(record: Stored): Omit<Stored, keyof InboxFields> & InboxFields {
  const fields = record as Partial<Record<keyof InboxFields, unknown>>;
  return {
    ...record,
    status: isEventRequestStatus(fields.status) ? fields.status : INITIAL_STATUS,
    notes: typeof fields.notes === 'string' ? fields.notes : '',
    history: Array.isArray(fields.history) ? fields.history.filter(isHistoryEntry) : [],
  };
}

function isHistoryEntry(entry: unknown): entry is EventRequestChange {
  if (typeof entry !== 'object' || entry === null) return false;
  const { at, status } = entry as Record<string, unknown>;
  return typeof at === 'string' && (status === undefined || isEventRequestStatus(status));
}

/** The id of a request's card on /admin/event-requests, the fragment the staff's notice links to. */
export const requestAnchor = (id: string) => `request-${id}`;
