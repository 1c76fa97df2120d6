/**
 * Event booking requests (the staff inbox):
 *   events:req:{id}  JSON of the request
 *   events:reqs      sorted set of ids, score = submission time (ms)
 * Storing is one round trip (the write runs inside the per-IP request limit's script, the request's
 * messages queued in the outbox by the same script); listing is two (the ids, then the records, each
 * as one string). Staff change a request's status and notes through request-changes.ts.
 */
import { randomUUID } from 'node:crypto';
import type { EventRequest } from '../../domain/api/admin-event-bookings';
import { newInboxFields, withInboxFields } from '../../domain/event-requests';
import type { EventBookingRequest } from '../../domain/forms/event-booking';
import type { MailMessage } from '../../domain/mail/message';
import { queueClaimedWrites } from '../mail/outbox';
import { limitedWrite, eventBookingLimit, type LimitPolicy } from '../rate-limit';
import { newestIdsRead } from '../sorted-index';
import { jsonRecordsRead } from '../json-records';
import { runReads, type StoreRead } from '../store-read';
import { withStore } from '../store';

export const REQS_KEY = 'events:reqs';
export const reqKey = (id: string) => `events:req:${id}`;

/** The request as stored and listed: the form's fields, its id, when it was sent, and its inbox fields (new, no notes, no history). */
export function toStoredBooking(body: EventBookingRequest, id: string, now: Date): EventRequest {
  const { website: _honeypot, ...booking } = body;
  return { id, ...booking, additionalRequests: booking.additionalRequests?.trim() ?? '', submittedAt: now.toISOString(), ...newInboxFields() };
}

/**
 * Stores a booking request from `client` (its IP) within the booking limit, with its messages
 * (`messagesFor` the stored request: the staff's notice and the visitor's receipt) queued in the
 * outbox, claimed for the caller to send after its answer (deliverClaimed; the scheduled run takes
 * them if it never does): counting the request, storing it and queueing are one round trip. Over the limit →
 * HttpError 429 and nothing is stored or queued. Answers the stored request and its queued messages.
 * The messages are built by the caller, so the staff's list, which reads this module, ships no templates.
 */
export async function storeEventBooking(
  body: EventBookingRequest,
  client: string,
  messagesFor: (stored: EventRequest) => MailMessage[],
  policy: LimitPolicy = eventBookingLimit(),
  now = new Date(),
): Promise<{ stored: EventRequest; messages: MailMessage[] }> {
  const stored = toStoredBooking(body, randomUUID(), now);
  const messages = messagesFor(stored);
  await limitedWrite(policy, client, [
    { command: 'SET', key: reqKey(stored.id), args: [JSON.stringify(stored)] },
    { command: 'ZADD', key: REQS_KEY, args: [now.getTime(), stored.id] },
    ...queueClaimedWrites(messages, now),
  ]);
  return { stored, messages };
}

/** Reading the event requests of `ids`, in their order, records stored before the inbox read as new. */
export function eventRequestsRead(ids: readonly string[]): StoreRead<EventRequest[]> {
  const records = jsonRecordsRead<Omit<EventRequest, 'status' | 'notes' | 'history'>>(ids.map(reqKey));
  return { ...records, read: (answer) => records.read(answer).map(withInboxFields) };
}

/** Every event request, newest first: two round trips whatever the count. */
export async function listEventBookings(): Promise<EventRequest[]> {
  return withStore(async (store) => {
    const [ids] = await runReads(store, [newestIdsRead(REQS_KEY)]);
    const [requests] = await runReads(store, [eventRequestsRead(ids)]);
    return requests;
  });
}
