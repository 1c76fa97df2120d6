import * as z from 'zod';
import { clockTimeSchema, weekdaySchema } from '../../../domain/hours';

/**
 * src/content/bay-booking.json as staff edit it: the bays and their types, where each type's price per
 * bay-hour comes from (the contact page's posted rates, an events-page rental card, or a value written
 * here), the peak windows, the booking window, notice, cleaning buffer, blackouts, the bays league
 * tee times block, the cancellation policy and when the reminder goes. Times are the venue's wall clock.
 */
const id = z.string().regex(/^[a-z0-9-]{1,40}$/, 'expected an id like bay-1');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date like 2026-12-25');
const days = z.array(weekdaySchema).min(1);

/** A price entry: per bay-hour in dollars for the listed days. */
const priceSchema = z.union([
  /** The simulator rates the contact page posts (site.json), the same at peak and off-peak. */
  z.object({ days, from: z.literal('posted-rates') }),
  /** An events-page rental card's off-peak and peak rates (events.json), by the card's name. */
  z.object({ days, from: z.literal('rental-card'), card: z.string().min(1) }),
  /** Written here; `placeholder` marks a value the venue has not confirmed yet. */
  z.object({ days, offPeak: z.number().positive(), peak: z.number().positive(), placeholder: z.boolean().optional() }),
]);

const halfHour = (minutes: number) => minutes % 30 === 0;

export const bayBookingContentSchema = z
  .object({
    /** The booking grid: 30 minutes. Every length, buffer and notice below is a multiple of it. */
    slotMinutes: z.literal(30),
    lengths: z.object({ minMinutes: z.number().int().positive(), maxMinutes: z.number().int().positive() }),
    window: z.object({
      /** Bookable dates: today and this many days after it. */
      daysAhead: z.number().int().min(0).max(366),
      /** A start must be at least this far from now. */
      minNoticeMinutes: z.number().int().min(0),
    }),
    /** Cleaning time after each booking, kept free on the same bay. */
    bufferMinutes: z.number().int().min(0).max(120).refine(halfHour, 'must be a multiple of 30 minutes'),
    /** Whether visitors pick a bay of the type (else one is assigned). */
    chooseBay: z.boolean(),
    bayTypes: z
      .array(
        z.object({
          id,
          name: z.string().min(1),
          minGuests: z.number().int().positive(),
          maxGuests: z.number().int().positive(),
          prices: z.array(priceSchema).min(1),
        }),
      )
      .min(1),
    bays: z.array(z.object({ id, name: z.string().min(1), type: id })).min(1),
    /** When the peak rate applies; every other open half hour is off-peak. */
    peak: z.array(z.object({ days, from: clockTimeSchema, until: clockTimeSchema })),
    /** League tee times block these bays for this long from each tee time, on the tee days of every session's dates. */
    league: z.object({ bays: z.array(id), lengthMinutes: z.number().int().positive().refine(halfHour, 'must be a multiple of 30 minutes') }),
    /** Whole days no one books online (holidays), for every bay or only the listed ones. */
    blackouts: z.array(z.object({ date: isoDate, reason: z.string().min(1), bays: z.array(id).min(1).optional() })),
    cancellation: z.object({ freeUntilHoursBefore: z.number().min(0).max(24 * 14) }),
    /** The reminder e-mail goes this many hours before the start (24: the day before). */
    reminders: z.object({ hoursBefore: z.number().int().min(1).max(24 * 7) }),
  })
  .superRefine((content, context) => {
    const issue = (path: PropertyKey[], message: string) => context.addIssue({ code: 'custom', path, message });
    const { minMinutes, maxMinutes } = content.lengths;
    if (!halfHour(minMinutes) || !halfHour(maxMinutes) || minMinutes > maxMinutes) issue(['lengths'], 'lengths must be multiples of 30 minutes, the shortest first');
    const typeIds = content.bayTypes.map((type) => type.id);
    const bayIds = content.bays.map((bay) => bay.id);
    content.bayTypes.forEach((type, index) => {
      if (type.minGuests > type.maxGuests) issue(['bayTypes', index], 'minGuests is more than maxGuests');
      if (!content.bays.some((bay) => bay.type === type.id)) issue(['bayTypes', index], `no bay is of type ${type.id}`);
      const listed = type.prices.flatMap((price) => price.days);
      for (const day of new Set(listed.filter((value, at) => listed.indexOf(value) !== at))) issue(['bayTypes', index, 'prices'], `${day} is priced twice`);
    });
    content.bays.forEach((bay, index) => {
      if (!typeIds.includes(bay.type)) issue(['bays', index, 'type'], `no bay type ${bay.type}`);
      if (bayIds.indexOf(bay.id) !== index) issue(['bays', index, 'id'], `bay ${bay.id} is listed twice`);
    });
    content.league.bays.forEach((bay, index) => {
      if (!bayIds.includes(bay)) issue(['league', 'bays', index], `no bay ${bay}`);
    });
    content.blackouts.forEach((blackout, index) =>
      blackout.bays?.forEach((bay) => {
        if (!bayIds.includes(bay)) issue(['blackouts', index, 'bays'], `no bay ${bay}`);
      }),
    );
  });

export type BayBookingContent = z.infer<typeof bayBookingContentSchema>;
export type BayPrice = BayBookingContent['bayTypes'][number]['prices'][number];
