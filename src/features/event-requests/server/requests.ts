/**
 * Event booking requests (the staff inbox):
 *   events:req:{id}  JSON of the request
 *   events:reqs      sorted set of ids, score = submission time (ms)
 * Storing is one round trip (the write runs inside the per-IP request limit's script, the request's
 * messages queued in the outbox by the same script); listing is two (the ids, then the records, each
 * as one string). Staff change a request's status and notes through request-changes.ts.
 */
import { randomUUID } from 'node:crypto';
import type { EventRequest } from '../record';
import { newInboxFields, withInboxFields } from '../rules/event-requests';
import type { EventRequestBody } from '../contract/request-form';
import type { MailMessage } from '../../../shared/mail/message';
import { queueClaimedWrites } from '../../../shared/mail/outbox';
import { limitedWrite, eventRequestLimit, type LimitPolicy } from '../../../shared/server/rate-limit';
import { newestIdsRead } from '../../../shared/server/sorted-index';
import { jsonRecordsRead } from '../../../shared/server/json-records';
import { runReads, type StoreRead } from '../../../shared/server/store-read';
import { withStore } from '../../../shared/server/store';
import { reportDayKey } from '../../reports/server/report-keys';
import { requestTallies } from './report-tallies';

export const REQS_KEY = 'events:reqs';
export const reqKey = (id: string) => `events:req:${id}`;

/** The request as stored and listed: the form's fields, its id, when it was sent, and its inbox fields (new, no notes, no history). */
export function toStoredBooking(body: EventRequestBody, id: string, now: Date): EventRequest {
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
export async function storeEventRequest(
  body: EventRequestBody,
  client: string,
  messagesFor: (stored: EventRequest) => MailMessage[],
  policy: LimitPolicy = eventRequestLimit(),
  now = new Date(),
): Promise<{ stored: EventRequest; messages: MailMessage[] }> {
  const stored = toStoredBooking(body, randomUUID(), now);
  const messages = messagesFor(stored);
  await limitedWrite(policy, client, [
    { command: 'SET', key: reqKey(stored.id), args: [JSON.stringify(stored)] },
    { command: 'ZADD', key: REQS_KEY, args: [now.getTime(), stored.id] },
    ...requestTallies(now.getTime()).map((tally) => ({ command: 'HINCRBY' as const, key: reportDayKey(tally.date), args: [tally.field, tally.delta] })),
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
export async function readEventRequests(): Promise<EventRequest[]> {
  return withStore(async (store) => {
    const [ids] = await runReads(store, [newestIdsRead(REQS_KEY)]);
    const [requests] = await runReads(store, [eventRequestsRead(ids)]);
    return requests;
  });
}
