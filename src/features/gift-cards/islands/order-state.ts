/**
 * The /gift-cards form's state and checks (pure): what the visitor chose and typed, and the message
 * of each field that the server would refuse, with the server's own rules (amounts from the content,
 * the venue-local delivery window) and words (order-texts.ts).
 */
import { CONTROL, MESSAGE_MAX, NAME_MAX, ORDER_MESSAGES as m } from '../contract/order-texts';
import { checkAmount } from '../rules/amount';
import { deliveryDateProblem } from '../rules/delivery';
import type { GiftCardsContent } from '../rules/content';

export type AmountContent = Pick<GiftCardsContent, 'presets' | 'custom'>;

export interface OrderForm {
  /** A preset's dollars, or 'custom'. */
  choice: number | 'custom';
  customAmount: string;
  purchaserName: string;
  purchaserEmail: string;
  toSelf: boolean;
  recipientName: string;
  recipientEmail: string;
  message: string;
  deliverOn: string;
}

export type OrderField = 'amount' | 'purchaserName' | 'purchaserEmail' | 'recipientName' | 'recipientEmail' | 'message' | 'deliverOn';

export const emptyOrder = (content: AmountContent, today: string): OrderForm => ({
  choice: content.presets[Math.min(1, content.presets.length - 1)]!,
  customAmount: '',
  purchaserName: '',
  purchaserEmail: '',
  toSelf: false,
  recipientName: '',
  recipientEmail: '',
  message: '',
  deliverOn: today,
});

/** The dollars chosen, NaN when the custom amount is not a number. */
export const chosenDollars = (form: OrderForm) => (form.choice === 'custom' ? (form.customAmount.trim() === '' ? Number.NaN : Number(form.customAmount)) : form.choice);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const nameOk = (value: string) => value.trim().length > 0 && value.trim().length <= NAME_MAX && !/[\r\n]/.test(value) && !CONTROL.test(value);

export function orderProblems(form: OrderForm, content: AmountContent, now: number): Partial<Record<OrderField, string>> {
  const problems: Partial<Record<OrderField, string>> = {};
  const amount = checkAmount(chosenDollars(form), content);
  if (!amount.ok) problems.amount = amount.message;
  if (!nameOk(form.purchaserName)) problems.purchaserName = m.purchaserName;
  if (!EMAIL.test(form.purchaserEmail.trim())) problems.purchaserEmail = m.purchaserEmail;
  if (!form.toSelf) {
    if (!nameOk(form.recipientName)) problems.recipientName = m.recipientName;
    if (!EMAIL.test(form.recipientEmail.trim())) problems.recipientEmail = m.recipientEmail;
  }
  if (form.message.trim().length > MESSAGE_MAX || CONTROL.test(form.message)) problems.message = m.message;
  const date = deliveryDateProblem(form.deliverOn, now);
  if (date) problems.deliverOn = date;
  return problems;
}

/** The request body for the form (the server checks everything again). */
export function orderBody(form: OrderForm) {
  return {
    amount: chosenDollars(form),
    purchaserName: form.purchaserName.trim(),
    purchaserEmail: form.purchaserEmail.trim(),
    toSelf: form.toSelf,
    ...(form.toSelf ? {} : { recipientName: form.recipientName.trim(), recipientEmail: form.recipientEmail.trim() }),
    message: form.message,
    deliverOn: form.deliverOn,
  };
}
