/**
 * GET /api/bay-availability/:date/:lengthMinutes/:partySize: the free start times of a venue-local
 * day for that length and party, per bay type, each with its price. A signed-in member's included
 * time is already taken off (the hold charges the same). 400 outside the booking window or for a
 * length or party the venue does not take; 404 (with bookingUrl) in booking.mode external.
 */
import * as z from 'zod/mini';
import { endpoint } from '../../../shared/contract/endpoint';

export const bayStartTime = z.object({
  /** Venue-local wall-clock start: '18:30'. On the autumn DST day a time that happens twice is listed twice (see startsAt). */
  start: z.string(),
  /** The start and end as UTC instants (ISO); the hold takes `start` and the date. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** Posted price of the length in cents: every half hour at its peak or off-peak rate, summed. */
  fullPriceCents: z.number(),
  /** What this visitor pays: the full price less the member's included time. */
  priceCents: z.number(),
  /** Minutes of the length covered by the member's included time (0 for everyone else). */
  includedMinutes: z.number(),
  /** True when some half hour is at the peak rate. */
  peak: z.boolean(),
  /** Free bays of this type for this start, the one a hold is given first. */
  bays: z.array(z.string()),
});
export type BayStartTime = z.infer<typeof bayStartTime>;

export const bayTypeAvailability = z.object({
  /** 'standard', 'large'. */
  id: z.string(),
  /** 'Simulator bay', 'Large bay (Bay 6)'. */
  name: z.string(),
  minGuests: z.number(),
  maxGuests: z.number(),
  /** False when the party does not fit this type (then no times are listed). */
  fits: z.boolean(),
  times: z.array(bayStartTime),
});
export type BayTypeAvailability = z.infer<typeof bayTypeAvailability>;

export const bayAvailabilityAnswer = z.object({
  date: z.string(),
  lengthMinutes: z.number(),
  partySize: z.number(),
  /** The booking window as venue-local dates (first = today in the venue's zone). */
  firstDate: z.string(),
  lastDate: z.string(),
  /** Closed all day (not an opening day, or a blackout): the reason people read ('Closed for Thanksgiving'), else null. */
  closedReason: z.nullable(z.string()),
  /** When this day has no free start for the party and length: the first later date in the window that has one (null: none, or this day has some). */
  nextFreeDate: z.nullable(z.string()),
  /** Visitors may pick one of `bays`; otherwise the first is assigned. */
  chooseBay: z.boolean(),
  /** The signed-in member's plan and included minutes left that day; null for everyone else. */
  member: z.nullable(z.object({ plan: z.string(), includedMinutesLeft: z.number() })),
  bayTypes: z.array(bayTypeAvailability),
});
export type BayAvailability = z.infer<typeof bayAvailabilityAnswer>;

export const bayAvailability = endpoint('GET', '/api/bay-availability/:date/:lengthMinutes/:partySize').answers<BayAvailability>();
