import * as z from 'zod';

/**
 * src/content/event-quotes.json as staff edit it: what an event quote may contain and its terms.
 * The private spaces are bookable resources beside the bays (their ids claim half hours on the same
 * per-resource calendar as bay bookings); the bays themselves, their capacity and their buffer come
 * from bay-booking.json, and their event rates from the events page's rental cards (events.json),
 * named here per bay type. Amounts are dollars; quotes keep cents.
 */
const id = z.string().regex(/^[a-z0-9-]{1,40}$/, 'expected an id like back-9-lounge');
const halfHour = (minutes: number) => minutes % 30 === 0;
const dollars = z.number().positive().max(100_000);

export const quoteContentSchema = z
  .object({
    spaces: z
      .array(
        z.object({
          id,
          name: z.string().min(1),
          minGuests: z.number().int().positive(),
          /** The most guests the space holds. */
          capacity: z.number().int().positive(),
          /** Either a price per hour for the room, or a food-and-drink minimum the party's packages and lines must reach. */
          price: z.union([z.object({ perHour: dollars }).strict(), z.object({ minimumSpend: dollars }).strict()]),
          /** Setting up and clearing after an event, kept free on the same space. */
          bufferMinutes: z.number().int().min(0).max(240).refine(halfHour, 'must be a multiple of 30 minutes'),
        }),
      )
      .min(1),
    /** Which events-page rental card prices each bay type for events. */
    bayRates: z.array(z.object({ bayType: id, card: z.string().min(1) })).min(1),
    packages: z.array(z.object({ id, name: z.string().min(1), includes: z.string().min(1), perGuest: dollars })),
    /** The deposit that holds the date: this share of the quote, at least `minimum` dollars (never more than the quote). */
    deposit: z.object({ percent: z.number().int().min(1).max(100), minimum: z.number().min(0).max(100_000) }),
    /** The deposit is refunded in full until this many days before the event, and kept after. */
    cancellation: z.object({ fullRefundDaysBefore: z.number().int().min(0).max(365) }),
    /** The final headcount is due this many days before the event. */
    headcountDaysBefore: z.number().int().min(0).max(90),
    /** A quote not paid within this many days lapses and its spaces are released. */
    quoteExpiryDays: z.number().int().min(1).max(60),
    /** What the rental cards (event rates) and /book's prices (the simulator rates) say they are. */
    rateNames: z.object({ event: z.string().min(1), simulator: z.string().min(1) }),
  })
  .superRefine((content, context) => {
    const issue = (path: PropertyKey[], message: string) => context.addIssue({ code: 'custom', path, message });
    const spaceIds = content.spaces.map((space) => space.id);
    content.spaces.forEach((space, index) => {
      if (spaceIds.indexOf(space.id) !== index) issue(['spaces', index, 'id'], `space ${space.id} is listed twice`);
      if (space.minGuests > space.capacity) issue(['spaces', index], 'minGuests is more than capacity');
    });
    const packageIds = content.packages.map((each) => each.id);
    content.packages.forEach((each, index) => {
      if (packageIds.indexOf(each.id) !== index) issue(['packages', index, 'id'], `package ${each.id} is listed twice`);
    });
  });

export type QuoteContent = z.infer<typeof quoteContentSchema>;
