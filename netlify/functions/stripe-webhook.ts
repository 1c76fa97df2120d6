import type { Config } from '@netlify/functions';
import { handle } from '../../src/server/handle';
import { json } from '../../src/server/http';
import { processWebhook } from '../../src/server/payments/webhook';
import { readText } from '../../src/server/request';

/** POST /api/stripe-webhook: Stripe's signed events (raw body verified), each processed once. */
export default handle(['POST'], async (request) => {
  const raw = await readText(request, 1024 * 1024);
  return json(await processWebhook(raw, request.headers.get('stripe-signature')));
});

export const config: Config = { path: '/api/stripe-webhook' };
