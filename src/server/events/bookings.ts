/**
 * Event booking requests (the staff inbox):
 *   events:req:{id}  JSON of the request
 *   events:reqs      sorted set of ids, score = submission time (ms)
 * Storing is one round trip (one script that also counts the request against the per-IP limit);
 * listing is two (the ids, then the records, each as one string).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { eventBookingSchema, type EventBooking } from '../../domain/forms/event-booking';
import { enforceLimit, eventBookingLimit, type LimitPolicy } from '../rate-limit';
import { newestIds, jsonRecords } from '../sorted-index';
import { withStore } from '../store';

export const REQS_KEY = 'events:reqs';
export const reqKey = (id: string) => `events:req:${id}`;

/**
 * The request body: the form plus the honeypot field `website`, hidden from people (CSS) and left
 * empty by them; bots fill it. A filled honeypot is answered like a success but nothing is stored,
 * so the bot learns nothing.
 */
export const eventBookingRequestSchema = eventBookingSchema.extend({
  website: z.string().max(2000).optional(),
});

export interface StoredEventBooking extends EventBooking {
  id: string;
  additionalRequests: string;
  submittedAt: string;
}

export function isHoneypotFilled(body: { website?: string | undefined }): boolean {
  return (body.website ?? '').trim() !== '';
}

export function toStoredBooking(body: z.output<typeof eventBookingRequestSchema>, id: string, now: Date): StoredEventBooking {
  const { website: _honeypot, ...booking } = body;
  return { id, ...booking, additionalRequests: booking.additionalRequests?.trim() ?? '', submittedAt: now.toISOString() };
}

/** Sets the record and indexes it by submission time; its keys and arguments follow the counter's (see LimitedWrite). */
const STORE_BOOKING_LUA = `redis.call('SET', KEYS[2], ARGV[3])
redis.call('ZADD', KEYS[3], ARGV[4], ARGV[5])`;

/**
 * Stores a booking request from `client` (its IP) within the booking limit: counting the request and
 * storing it are one script, one round trip. Over the limit → HttpError 429 and nothing is stored.
 */
export async function storeEventBooking(
  body: z.output<typeof eventBookingRequestSchema>,
  client: string,
  policy: LimitPolicy = eventBookingLimit(),
  now = new Date(),
): Promise<StoredEventBooking> {
  const stored = toStoredBooking(body, randomUUID(), now);
  await enforceLimit(policy, client, {
    lua: STORE_BOOKING_LUA,
    keys: [reqKey(stored.id), REQS_KEY],
    args: [JSON.stringify(stored), now.getTime(), stored.id],
  });
  return stored;
}

export async function listEventBookings(): Promise<StoredEventBooking[]> {
  return withStore(async (store) => {
    const ids = await newestIds(store, REQS_KEY);
    return jsonRecords<StoredEventBooking>(store, ids.map(reqKey));
  });
}
