import type { Config } from '@netlify/functions';
import { payEventQuote, viewEventQuote } from '../../src/features/event-requests/contract/event-quote';
import { quotePaySchema } from '../../src/features/event-requests/contract/quote-draft';
import { quoteConfig } from '../../src/features/event-requests/quote-catalogue';
import { startQuoteCheckout } from '../../src/features/event-requests/server/quote-payment';
import { customerQuote, quoteOfLink } from '../../src/features/event-requests/server/quote-view';
import { handle } from '../../src/shared/server/handle';
import { answer } from '../../src/shared/server/http';
import { readJsonBody, routeParam, siteUrl, type FunctionContext } from '../../src/shared/server/request';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * GET  /api/event-quote/:id/:token     → the quote as its customer sees it (404 when the token does not sign it)
 * POST /api/event-quote/:id/:token/pay → { url } of Stripe Checkout for the deposit or balance { purpose };
 *                                        409 expired, withdrawn or nothing to pay; 502 Stripe down (nothing changes)
 */
const view = handle(['GET'], async (_request, context) => {
  const record = await quoteOfLink(routeParam(context, 'id') ?? '', routeParam(context, 'token') ?? '');
  return answer(viewEventQuote, customerQuote(quoteConfig, record, Date.now()), 200, NO_STORE);
});

const pay = handle(['POST'], async (request, context) => {
  const token = routeParam(context, 'token') ?? '';
  const record = await quoteOfLink(routeParam(context, 'id') ?? '', token);
  const { purpose } = await readJsonBody(request, quotePaySchema, { maxBytes: 1024 });
  return answer(payEventQuote, { url: await startQuoteCheckout(record, purpose, siteUrl(request), token, Date.now()) }, 200, NO_STORE);
});

export default async function eventQuote(request: Request, context?: FunctionContext): Promise<Response> {
  // /api/event-quote/:id/:token has four segments; paying adds a fifth.
  const segments = new URL(request.url).pathname.split('/').filter(Boolean);
  return segments.length === 5 && segments[4] === 'pay' ? pay(request, context) : view(request, context);
}

export const config: Config = { path: ['/api/event-quote/:id/:token', '/api/event-quote/:id/:token/pay'] };
