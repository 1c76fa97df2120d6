import type { Config } from '@netlify/functions';
import { paidProducts } from '../../src/features/paid-products';
import { stripeWebhook } from '../../src/shared/contract/stripe-webhook';
import { handle } from '../../src/shared/server/handle';
import { afterAnswer, deliverNow } from '../../src/shared/mail/deliver';
import { answer } from '../../src/shared/server/http';
import { processWebhook } from '../../src/shared/payments/webhook';
import { readText } from '../../src/shared/server/request';

/**
 * POST /api/stripe-webhook: Stripe's signed events (raw body verified), each processed once by the
 * paid product it concerns; the messages an event queued go out after the answer (or from the
 * scheduled outbox run).
 */
export default handle(['POST'], async (request, context) => {
  const raw = await readText(request, 1024 * 1024);
  const outcome = await processWebhook(raw, request.headers.get('stripe-signature'), paidProducts);
  if (outcome.queued.length > 0) afterAnswer(context, () => deliverNow(outcome.queued));
  return answer(stripeWebhook, outcome.answer);
});

export const config: Config = { path: '/api/stripe-webhook' };
