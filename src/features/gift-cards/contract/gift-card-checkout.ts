/**
 * POST /api/gift-card-checkout { amount, purchaser, recipient or toSelf, message, deliverOn } → 200
 * { url }: Stripe Checkout for the amount the content allows (a refused amount or date is a 400 with
 * the field's message, and nothing is charged or written).
 */
import type * as z from 'zod';
import type { RedirectAnswer } from '../../../shared/contract/common';
import { endpoint } from '../../../shared/contract/endpoint';
import type { giftCardOrderSchema } from './order-form';

export const buyGiftCard = endpoint('POST', '/api/gift-card-checkout').takes<z.input<typeof giftCardOrderSchema>>().answers<RedirectAnswer>();
