/** What staff send to change a card (POST /api/admin/gift-cards/card/:id). */
import * as z from 'zod';
import { CONTROL } from './order-texts';

const text = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(200, message)
    .refine((value) => !CONTROL.test(value) && !/[\r\n]/.test(value), message);
const cents = (message: string) => z.number({ error: message }).int(message).max(10_000_000, message).min(-10_000_000, message);

export const STAFF_ACTION_MESSAGES = {
  debit: 'Enter the amount to take, in cents, above zero.',
  adjust: 'Enter the change in cents: positive adds, negative takes; not zero.',
  note: 'Write what it was for (up to 200 characters).',
  reason: 'Write the reason for the adjustment (up to 200 characters).',
  balance: 'Refresh the card: its balance changed since it was shown.',
} as const;
const m = STAFF_ACTION_MESSAGES;

export const staffActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('debit'), amountCents: cents(m.debit).refine((value) => value > 0, m.debit), note: text(m.note) }),
  z.object({ action: z.literal('adjust'), amountCents: cents(m.adjust).refine((value) => value !== 0, m.adjust), reason: text(m.reason) }),
  /** The balance the staff saw: a card whose balance moved since is not voided. */
  z.object({ action: z.literal('void'), expectedBalanceCents: cents(m.balance).refine((value) => value >= 0, m.balance) }),
  z.object({ action: z.literal('resend') }),
]);
export type StaffAction = z.output<typeof staffActionSchema>;
