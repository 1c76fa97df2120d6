import * as z from 'zod';
import { isCalendarDate } from '../rules/local-time';
import { BAY_BOOKING_MESSAGES } from './form-texts';
import { isValidCode, normalizeCode } from '../../gift-cards/rules/code';
import { BALANCE_TEXTS } from '../../gift-cards/contract/balance-texts';

/**
 * The /book form and the body of POST /api/bay-hold: the choice (date, start, length, party size, bay
 * type, and a bay where the venue lets visitors choose) and the guest's contact. The server checks the
 * choice against the content and the bays' availability; the schema only checks its shape.
 */
export * from './form-texts';

const m = BAY_BOOKING_MESSAGES;

/** A venue-local calendar date: 'YYYY-MM-DD'. */
export const localDateSchema = z.string({ error: m.date }).refine(isCalendarDate, m.date);
/** A venue-local wall-clock time on a half hour: 'HH:MM'. */
export const localStartSchema = z.string({ error: m.start }).regex(/^([01]\d|2[0-3]):[03]0$/, m.start);
/** Minutes, a whole number of half hours up to a day (the content narrows it). */
const lengthMinutes = (number: typeof z.number) => number({ error: m.length }).int(m.length).min(30, m.length).max(24 * 60, m.length).multipleOf(30, m.length);
const partySize = (number: typeof z.number) => number({ error: m.partySize }).int(m.partySize).min(1, m.partySize).max(100, m.partySize);
export const lengthMinutesSchema = lengthMinutes(z.number);
export const partySizeSchema = partySize(z.number);
const id = (message: string) => z.string({ error: message }).regex(/^[a-z0-9-]{1,40}$/, message);

export const bayChoiceShape = {
  date: localDateSchema,
  start: localStartSchema,
  lengthMinutes: lengthMinutesSchema,
  partySize: partySizeSchema,
  /** 'standard' or 'large' (src/content/bay-booking.json). */
  bayType: id(m.bayType),
  /** A bay of that type; honoured only where the venue lets visitors choose. */
  bayId: id(m.bayType).optional(),
};

export const guestContactShape = {
  name: z.string({ error: m.name }).trim().min(1, m.name).max(100, m.name),
  email: z.string({ error: m.email }).trim().max(254, m.email).pipe(z.email({ error: m.email })),
  phone: z.string({ error: m.phone }).trim().min(10, m.phone).max(40, m.phone),
};

/**
 * A gift card code to pay with (any case, spaces or dashes; '' or none: no card). A code failing its
 * check character is refused here, before the store is asked; the output is the normalized code, or none.
 */
export const giftCardCodeSchema = z
  .string({ error: BALANCE_TEXTS.badCode })
  .max(40, BALANCE_TEXTS.badCode)
  .refine((typed) => !typed.trim() || isValidCode(typed), BALANCE_TEXTS.badCode)
  .transform((typed) => (typed.trim() ? (normalizeCode(typed) ?? undefined) : undefined))
  .optional();

export const bayHoldSchema = z.object({ ...bayChoiceShape, ...guestContactShape, giftCardCode: giftCardCodeSchema });
export type BayHoldRequest = z.output<typeof bayHoldSchema>;

/** The path parameters of GET /api/bay-availability/:date/:lengthMinutes/:partySize (numbers arrive as text). */
export const availabilityQuerySchema = z.object({ date: localDateSchema, lengthMinutes: lengthMinutes(z.coerce.number), partySize: partySize(z.coerce.number) });
export type AvailabilityQuery = z.output<typeof availabilityQuerySchema>;

/**
 * Staff: a booking taken at the desk (a walk-in, a phone call; no payment online) or a block
 * (maintenance): one bay, a start and a length, under the same no-overlap rule as the site's bookings.
 */
export const staffBayEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('booking'),
    bayId: id(m.bayType),
    date: localDateSchema,
    start: localStartSchema,
    lengthMinutes: lengthMinutesSchema,
    partySize: partySizeSchema,
    ...guestContactShape,
    email: guestContactShape.email.optional(),
    phone: guestContactShape.phone.optional(),
  }),
  z.object({
    kind: z.literal('block'),
    bayId: id(m.bayType),
    date: localDateSchema,
    start: localStartSchema,
    lengthMinutes: lengthMinutesSchema,
    reason: z.string({ error: m.reason }).trim().min(1, m.reason).max(200, m.reason),
  }),
]);
export type StaffBayEntry = z.output<typeof staffBayEntrySchema>;

/** Staff cancelling a booking: refund what was paid or not. */
export const staffCancelSchema = z.object({ refund: z.boolean() });
export type StaffCancel = z.output<typeof staffCancelSchema>;
