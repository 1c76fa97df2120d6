/**
 * The /gift-cards order and the body of POST /api/gift-card-checkout: an amount in whole dollars (the
 * server checks it against the content), the purchaser, the recipient or "send it to me to print", a
 * message and the delivery date (the server checks its window). Names carry no control character and
 * no line break, so no header can be injected through them.
 */
import * as z from 'zod';
import { CONTROL, MESSAGE_MAX, NAME_MAX, ORDER_MESSAGES as m } from './order-texts';

export * from './order-texts';

const name = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(NAME_MAX, message)
    .refine((value) => !/[\r\n]/.test(value) && !CONTROL.test(value), message);
const email = (message: string) => z.string({ error: message }).trim().max(254, message).pipe(z.email({ error: message }));

export const giftCardOrderSchema = z
  .object({
    amount: z.number({ error: m.amount }).int(m.amount).positive(m.amount).max(100_000, m.amount),
    purchaserName: name(m.purchaserName),
    purchaserEmail: email(m.purchaserEmail),
    toSelf: z.boolean({ error: m.toSelf }),
    recipientName: z.string({ error: m.recipientName }).optional(),
    recipientEmail: z.string({ error: m.recipientEmail }).optional(),
    message: z
      .string({ error: m.message })
      .max(MESSAGE_MAX * 2, m.message)
      .transform((value) => value.replace(/\r\n?/g, '\n').trim())
      .refine((value) => value.length <= MESSAGE_MAX && !CONTROL.test(value), m.message)
      .default(''),
    deliverOn: z.string({ error: m.deliverOn }).regex(/^\d{4}-\d{2}-\d{2}$/, m.deliverOn),
  })
  .transform((order, context) => {
    if (order.toSelf) return { ...order, recipientName: order.purchaserName, recipientEmail: order.purchaserEmail };
    const recipientName = name(m.recipientName).safeParse(order.recipientName);
    const recipientEmail = email(m.recipientEmail).safeParse(order.recipientEmail);
    if (!recipientName.success) context.addIssue({ code: 'custom', path: ['recipientName'], message: m.recipientName });
    if (!recipientEmail.success) context.addIssue({ code: 'custom', path: ['recipientEmail'], message: m.recipientEmail });
    if (!recipientName.success || !recipientEmail.success) return z.NEVER;
    return { ...order, recipientName: recipientName.data, recipientEmail: recipientEmail.data };
  });

export type GiftCardOrder = z.output<typeof giftCardOrderSchema>;
