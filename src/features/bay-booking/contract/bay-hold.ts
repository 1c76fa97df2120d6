/**
 * POST /api/bay-hold: holds a bay for the chosen range (every half hour plus the cleaning buffer, or
 * nothing) and answers where to go next: Stripe's hosted Checkout (payment mode, expires in 30
 * minutes), or, when a member's included time covers it all, the confirmed booking's page.
 * Body: bayHoldSchema (src/features/bay-booking/contract/booking-form.ts). 400 bad choice, 409 no longer free,
 * 404 (with bookingUrl) in booking.mode external.
 */
import * as z from 'zod/mini';
import type { bayHoldSchema } from './booking-form';
import { endpoint } from '../../../shared/contract/endpoint';

export const bayHoldAnswer = z.object({
  /** Stripe Checkout's page, or the booking page when nothing is to pay. */
  url: z.string(),
  /** False when the booking is confirmed already (wholly covered by included time). */
  needsPayment: z.boolean(),
  bookingId: z.string(),
});
export type BayHoldAnswer = z.infer<typeof bayHoldAnswer>;

export const holdBay = endpoint('POST', '/api/bay-hold').takes<z.input<typeof bayHoldSchema>>().answers<BayHoldAnswer>();
