import * as z from 'zod';

/**
 * The event booking request form: its rules and the messages a visitor reads. Used by the
 * booking dialog for inline errors and by POST /api/event-booking for the authoritative check.
 */

import { EVENT_REQUEST_MESSAGES, EVENT_TIME_OPTIONS } from './request-fields';

export * from './request-fields';

/** Upper bounds keep one request from storing megabytes; far above anything a person types. */
const MAX_SHORT = 200;
const MAX_LONG = 5000;

const m = EVENT_REQUEST_MESSAGES;

function timeField(message: string) {
  return z
    .string({ error: message })
    .refine((value) => EVENT_TIME_OPTIONS.includes(value), { message });
}

export const eventRequestFormSchema = z.object({
  firstName: z.string({ error: m.firstName }).trim().min(2, m.firstName).max(MAX_SHORT, 'First name is too long'),
  lastName: z.string({ error: m.lastName }).trim().min(2, m.lastName).max(MAX_SHORT, 'Last name is too long'),
  /** Length only, so any way of writing a number passes: at least 10 characters. */
  phone: z.string({ error: m.phone }).trim().min(10, m.phone).max(40, 'Phone number is too long'),
  email: z.string({ error: m.email }).trim().max(254, m.email).pipe(z.email({ error: m.email })),
  occasion: z.string({ error: m.occasion }).trim().min(1, m.occasion).max(MAX_SHORT, 'Occasion is too long'),
  /**
   * Converted to a number, at least 1, with no upper bound. Only a number or the text of one is
   * converted (the dialog sends the input's text): `true`, `[5]` or `null` are not party sizes, though
   * Number() would make 1, 5 and 0 of them.
   */
  partySize: z
    .union([z.number(), z.string()], { error: m.partySize })
    .pipe(z.coerce.number({ error: m.partySize }))
    .refine(Number.isFinite, m.partySize)
    .pipe(z.number().min(1, m.partySize)),
  /** Required only: a date in the past is not refused. */
  eventDate: z.string({ error: m.eventDate }).trim().min(1, m.eventDate).max(40, m.eventDate),
  startTime: timeField(m.startTime),
  endTime: timeField(m.endTime),
  additionalRequests: z.string().max(MAX_LONG, 'Additional requests are too long').optional(),
});

export type EventRequestFormInput = z.input<typeof eventRequestFormSchema>;
export type EventRequestForm = z.output<typeof eventRequestFormSchema>;

/**
 * The body of POST /api/event-booking: the form plus the honeypot field `website`, hidden from
 * people (CSS) and left empty by them; bots fill it. A filled honeypot is answered like a success
 * but nothing is stored, so the bot learns nothing.
 */
export const eventRequestBodySchema = eventRequestFormSchema.extend({
  website: z.string().max(2000).optional(),
});

export type EventRequestBody = z.output<typeof eventRequestBodySchema>;

export function isHoneypotFilled(body: { website?: string | undefined }): boolean {
  return (body.website ?? '').trim() !== '';
}

