/**
 * /api/admin/gift-cards: the staff's gift cards. The list (searchable by e-mail, name, id or the code's
 * last group), a look-up by the whole code (POST, so codes stay out of addresses and logs), a card
 * with its ledger, and the changes: debit for a purchase at the venue (with a note), adjust (with a
 * reason), void (refunding the purchase when unspent) and resend (a new code to the recipient).
 * Amounts are cents.
 */
import * as z from 'zod/mini';
import { endpoint } from '../../../shared/contract/endpoint';
import { LEDGER_KINDS } from '../rules/ledger';
import type { staffActionSchema } from './admin-forms';

const person = z.object({ name: z.string(), email: z.string() });
export const ledgerLine = z.object({ at: z.string(), kind: z.enum(LEDGER_KINDS), amountCents: z.number(), balanceAfterCents: z.number(), note: z.string(), reference: z.string() });

export const staffGiftCard = z.object({
  id: z.string(),
  codeHint: z.string(),
  status: z.enum(['active', 'void']),
  amountCents: z.number(),
  balanceCents: z.number(),
  purchaser: person,
  recipient: person,
  toSelf: z.boolean(),
  message: z.string(),
  deliverOn: z.string(),
  issuedAt: z.string(),
  checkoutSessionId: z.string(),
});
export type StaffGiftCard = z.infer<typeof staffGiftCard>;

export const staffGiftCardDetail = z.extend(staffGiftCard, { ledger: z.array(ledgerLine) });
export type StaffGiftCardDetail = z.infer<typeof staffGiftCardDetail>;

export const listGiftCards = endpoint('GET', '/api/admin/gift-cards').answers<StaffGiftCard[]>();
export const searchGiftCards = endpoint('GET', '/api/admin/gift-cards/search/:text').answers<StaffGiftCard[]>();
export const giftCardByCode = endpoint('POST', '/api/admin/gift-cards/lookup').takes<{ code: string }>().answers<StaffGiftCardDetail>();
export const giftCardById = endpoint('GET', '/api/admin/gift-cards/card/:id').answers<StaffGiftCardDetail>();
export const changeGiftCard = endpoint('POST', '/api/admin/gift-cards/card/:id').takes<z.input<typeof staffActionSchema>>().answers<StaffGiftCardDetail>();
