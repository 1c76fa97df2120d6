/**
 * POST /api/gift-card-balance { code } → { balanceCents, status, history }: a card's balance and its
 * history (dates and amounts only). 400 for a code that fails its check character (the store is not
 * asked), 404 for one no card has, 429 past 10 look-ups per connection in 10 minutes.
 */
import * as z from 'zod/mini';
import { endpoint } from '../../../shared/contract/endpoint';
import { LEDGER_KINDS } from '../rules/ledger';

export const balanceAnswer = z.object({
  balanceCents: z.number(),
  status: z.enum(['active', 'void']),
  history: z.array(z.object({ at: z.string(), kind: z.enum(LEDGER_KINDS), amountCents: z.number(), balanceAfterCents: z.number() })),
});
export type BalanceAnswer = z.infer<typeof balanceAnswer>;

export const checkGiftCardBalance = endpoint('POST', '/api/gift-card-balance').takes<{ code: string }>().answers<BalanceAnswer>();
