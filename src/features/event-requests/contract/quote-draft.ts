import * as z from 'zod';
import { MAX_EXTRA_LINES, MAX_LINE_CENTS } from '../rules/quote';

/** What staff send to price or save a quote: the shape only; content and the calendar decide the rest (rules/quote.ts). */
export const QUOTE_DRAFT_MESSAGES = {
  date: 'Choose a date like 2026-12-04.',
  time: 'Start and end on the hour or half hour, like 18:00 and 21:30.',
  spaces: 'Choose at least one space.',
  guests: 'The headcount must be a whole number from 1 to 1,000.',
  extra: `An extra line needs a description (at most 120 characters) and an amount more than $0 and at most $${(MAX_LINE_CENTS / 100).toLocaleString('en-US')}, in cents.`,
  reason: 'A deposit set by hand needs a reason (at most 200 characters) and a whole amount in cents.',
  refund: 'A refund set by hand needs a reason (at most 200 characters) and a whole amount in cents.',
} as const;

const id = z.string().max(40);
const guests = z.number({ error: QUOTE_DRAFT_MESSAGES.guests }).int(QUOTE_DRAFT_MESSAGES.guests).min(1, QUOTE_DRAFT_MESSAGES.guests).max(1000, QUOTE_DRAFT_MESSAGES.guests);
const time = z.string({ error: QUOTE_DRAFT_MESSAGES.time }).regex(/^\d{2}:\d{2}$/, QUOTE_DRAFT_MESSAGES.time);

export const quoteDraftSchema = z.object({
  date: z.string({ error: QUOTE_DRAFT_MESSAGES.date }).regex(/^\d{4}-\d{2}-\d{2}$/, QUOTE_DRAFT_MESSAGES.date),
  start: time,
  end: time,
  spaces: z.array(id, { error: QUOTE_DRAFT_MESSAGES.spaces }).min(1, QUOTE_DRAFT_MESSAGES.spaces).max(20, QUOTE_DRAFT_MESSAGES.spaces),
  guests,
  packages: z.array(z.object({ id, guests })).max(20),
  extras: z
    .array(
      z.object({
        label: z.string({ error: QUOTE_DRAFT_MESSAGES.extra }).trim().min(1, QUOTE_DRAFT_MESSAGES.extra).max(120, QUOTE_DRAFT_MESSAGES.extra),
        amountCents: z.number({ error: QUOTE_DRAFT_MESSAGES.extra }).int(QUOTE_DRAFT_MESSAGES.extra).min(1, QUOTE_DRAFT_MESSAGES.extra).max(MAX_LINE_CENTS, QUOTE_DRAFT_MESSAGES.extra),
      }),
    )
    .max(MAX_EXTRA_LINES),
  depositOverride: z
    .object({
      amountCents: z.number({ error: QUOTE_DRAFT_MESSAGES.reason }).int(QUOTE_DRAFT_MESSAGES.reason).min(1, QUOTE_DRAFT_MESSAGES.reason),
      reason: z.string({ error: QUOTE_DRAFT_MESSAGES.reason }).trim().min(1, QUOTE_DRAFT_MESSAGES.reason).max(200, QUOTE_DRAFT_MESSAGES.reason),
    })
    .optional(),
});

export type QuoteDraftBody = z.output<typeof quoteDraftSchema>;

export const quoteWithdrawSchema = z.object({ reason: z.string().trim().max(200).default('') });

/** What the customer pays from the quote page. */
export const quotePaySchema = z.object({ purpose: z.enum(['deposit', 'balance'], { error: 'Choose what to pay: deposit or balance.' }) });

/** A confirmed event's new headcount and lines (spaces and time stay). */
export const quoteChangeSchema = quoteDraftSchema.pick({ guests: true, packages: true, extras: true });

/** The balance paid at the venue. */
export const balanceAtVenueSchema = z.object({
  amountCents: z.number({ error: 'Give the amount paid, in cents.' }).int('Give the amount paid, in cents.').min(1, 'Give the amount paid, in cents.'),
  note: z.string().trim().max(200).default(''),
});

/** Cancelling: by the policy, or with the refund staff decide and why. */
export const cancelEventSchema = z.object({
  override: z
    .object({
      refundCents: z.number({ error: QUOTE_DRAFT_MESSAGES.refund }).int(QUOTE_DRAFT_MESSAGES.refund).min(0, QUOTE_DRAFT_MESSAGES.refund),
      reason: z.string({ error: QUOTE_DRAFT_MESSAGES.refund }).trim().min(1, QUOTE_DRAFT_MESSAGES.refund).max(200, QUOTE_DRAFT_MESSAGES.refund),
    })
    .optional(),
});
