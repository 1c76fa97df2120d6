import type { Config } from '@netlify/functions';
import { stripeWebhook } from '../../src/domain/api/stripe-webhook';
import { handle } from '../../src/server/handle';
import { afterAnswer, deliverNow } from '../../src/server/mail/deliver';
import { answer } from '../../src/server/http';
import { processWebhook } from '../../src/server/payments/webhook';
import { readText } from '../../src/server/request';

/**
 * POST /api/stripe-webhook: Stripe's signed events (raw body verified), each processed once; the
 * messages an event queued go out after the answer (or from the scheduled outbox run).
 */
export default handle(['POST'], async (request, context) => {
  const raw = await readText(request, 1024 * 1024);
  const outcome = await processWebhook(raw, request.headers.get('stripe-signature'));
  if (outcome.queued.length > 0) afterAnswer(context, () => deliverNow(outcome.queued));
  return answer(stripeWebhook, outcome.answer);
});

export const config: Config = { path: '/api/stripe-webhook' };
