/**
 * Event booking requests (the staff inbox):
 *   events:req:{id}  JSON of the request
 *   events:reqs      sorted set of ids, score = submission time (ms)
 * Storing is one round trip (the write runs inside the per-IP request limit's script, the request's
 * messages queued in the outbox by the same script); listing is two (the ids, then the records, each
 * as one string).
 */
import { randomUUID } from 'node:crypto';
import type { EventRequest } from '../../domain/api/admin-event-bookings';
import type { EventBookingRequest } from '../../domain/forms/event-booking';
import type { MailMessage } from '../../domain/mail/message';
import { queueWrites } from '../mail/outbox';
import { limitedWrite, eventBookingLimit, type LimitPolicy } from '../rate-limit';
import { newestIds } from '../sorted-index';
import { jsonRecords } from '../json-records';
import { withStore } from '../store';

export const REQS_KEY = 'events:reqs';
export const reqKey = (id: string) => `events:req:${id}`;

/** The request as stored and listed: the form's fields, its id and when it was sent. */
export function toStoredBooking(body: EventBookingRequest, id: string, now: Date): EventRequest {
  const { website: _honeypot, ...booking } = body;
  return { id, ...booking, additionalRequests: booking.additionalRequests?.trim() ?? '', submittedAt: now.toISOString() };
}

/**
 * Stores a booking request from `client` (its IP) within the booking limit, with its messages
 * (`messagesFor` the stored request: the staff's notice and the visitor's receipt) queued in the
 * outbox: counting the request, storing it and queueing are one round trip. Over the limit →
 * HttpError 429 and nothing is stored or queued. Answers the stored request and its queued messages.
 * The messages are built by the caller, so the staff's list, which reads this module, ships no templates.
 */
export async function storeEventBooking(
  body: EventBookingRequest,
  client: string,
  messagesFor: (stored: EventRequest) => Promise<MailMessage[]>,
  policy: LimitPolicy = eventBookingLimit(),
  now = new Date(),
): Promise<{ stored: EventRequest; messages: MailMessage[] }> {
  const stored = toStoredBooking(body, randomUUID(), now);
  const messages = await messagesFor(stored);
  await limitedWrite(policy, client, [
    { command: 'SET', key: reqKey(stored.id), args: [JSON.stringify(stored)] },
    { command: 'ZADD', key: REQS_KEY, args: [now.getTime(), stored.id] },
    ...queueWrites(messages, now),
  ]);
  return { stored, messages };
}

export async function listEventBookings(): Promise<EventRequest[]> {
  return withStore(async (store) => {
    const ids = await newestIds(store, REQS_KEY);
    return jsonRecords<EventRequest>(store, ids.map(reqKey));
  });
}
