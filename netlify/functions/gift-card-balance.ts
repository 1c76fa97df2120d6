import type { Config } from '@netlify/functions';
import { balanceQuerySchema } from '../../src/features/gift-cards/contract/balance-form';
import { checkGiftCardBalance } from '../../src/features/gift-cards/contract/gift-card-balance';
import { publicBalance } from '../../src/features/gift-cards/server/balance-view';
import { handle } from '../../src/shared/server/handle';
import { answer } from '../../src/shared/server/http';
import { clientIp, readJsonBody } from '../../src/shared/server/request';

/**
 * POST /api/gift-card-balance { code } → { balanceCents, status, history }. 400 for a malformed code
 * (never looked up), 404 unknown, 429 past 10 look-ups per connection in 10 minutes.
 */
export default handle(['POST'], async (request, context) => {
  const { code } = await readJsonBody(request, balanceQuerySchema, { maxBytes: 1024 });
  return answer(checkGiftCardBalance, await publicBalance(code, clientIp(request, context)), 200, { 'Cache-Control': 'no-store' });
});

export const config: Config = { path: '/api/gift-card-balance' };
