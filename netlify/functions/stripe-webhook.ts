import type { Config } from '@netlify/functions';
import { stripeWebhook } from '../../src/domain/api/stripe-webhook';
import { handle } from '../../src/server/handle';
import { answer } from '../../src/server/http';
import { processWebhook } from '../../src/server/payments/webhook';
import { readText } from '../../src/server/request';

/** POST /api/stripe-webhook: Stripe's signed events (raw body verified), each processed once. */
export default handle(['POST'], async (request) => {
  const raw = await readText(request, 1024 * 1024);
  return answer(stripeWebhook, await processWebhook(raw, request.headers.get('stripe-signature')));
});

export const config: Config = { path: '/api/stripe-webhook' };
