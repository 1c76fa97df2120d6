import type { Config } from '@netlify/functions';
import { cancelEventQuote, changeEventQuote, listEventQuotes, previewEventQuote, recordEventBalance, saveEventQuote, sendEventBalanceLink, withdrawEventQuote } from '../../src/features/event-requests/contract/admin-event-quotes';
import { balanceAtVenueSchema, cancelEventSchema, quoteChangeSchema, quoteDraftSchema, quoteWithdrawSchema } from '../../src/features/event-requests/contract/quote-draft';
import { cancelEvent, changeConfirmed, recordBalanceAtVenue, sendBalanceLink } from '../../src/features/event-requests/server/quote-changes';
import * as z from 'zod';
import { quoteConfig } from '../../src/features/event-requests/quote-catalogue';
import { allQuotes } from '../../src/features/event-requests/server/quote-store';
import { pricedOrRefused, REQUEST_NOT_FOUND, sendQuote, withdrawQuote } from '../../src/features/event-requests/server/quotes';
import { adminHandle } from '../../src/features/staff/server/admin-handle';
import { afterAnswer, deliverNow } from '../../src/shared/mail/deliver';
import { answer } from '../../src/shared/server/http';
import { HttpError, readJsonBody, routeParam, siteUrl, type FunctionContext } from '../../src/shared/server/request';

const REQUEST_ID = /^[A-Za-z0-9-]{1,64}$/;
const MAX_BODY_BYTES = 16 * 1024;

function requestId(context: FunctionContext): string {
  const id = routeParam(context, 'id') ?? '';
  if (!REQUEST_ID.test(id)) throw new HttpError(404, REQUEST_NOT_FOUND);
  return id;
}

/**
 * GET  /api/admin/event-quotes              → every quote, by the event's start
 * POST /api/admin/event-quotes/:id/preview  → the draft priced by the server (nothing saved; 400 with problems)
 * POST /api/admin/event-quotes/:id          → saves the quote with its tentative hold and e-mails the customer (409 taken)
 * POST /api/admin/event-quotes/:id/withdraw → releases the hold; the link can no longer be paid
 * POST /api/admin/event-quotes/:id/change       → a confirmed event's headcount and lines (until the headcount deadline)
 * POST /api/admin/event-quotes/:id/balance      → balance paid at the venue
 * POST /api/admin/event-quotes/:id/balance-link → e-mails the customer the page to pay the balance
 * POST /api/admin/event-quotes/:id/cancel       → cancels, refunding by the policy or staff's override
 * Holds read the real clock, as bay holds do: both claim the same half hours by the one taken rule.
 */
const list = adminHandle(['GET'], async () => answer(listEventQuotes, await allQuotes()));

const preview = adminHandle(['POST'], async (request, context) => {
  requestId(context);
  const draft = await readJsonBody(request, quoteDraftSchema, { maxBytes: MAX_BODY_BYTES });
  return answer(previewEventQuote, pricedOrRefused(quoteConfig, draft, Date.now()));
});

const save = adminHandle(['POST'], async (request, context) => {
  const id = requestId(context);
  const draft = await readJsonBody(request, quoteDraftSchema, { maxBytes: MAX_BODY_BYTES });
  const { saved, queued } = await sendQuote(quoteConfig, id, draft, siteUrl(request), Date.now());
  afterAnswer(context, () => deliverNow(queued));
  return answer(saveEventQuote, saved);
});

const withdraw = adminHandle(['POST'], async (request, context) => {
  const id = requestId(context);
  const { reason } = await readJsonBody(request, quoteWithdrawSchema, { maxBytes: MAX_BODY_BYTES });
  return answer(withdrawEventQuote, await withdrawQuote(id, reason, Date.now()));
});

const change = adminHandle(['POST'], async (request, context) => {
  const id = requestId(context);
  const body = await readJsonBody(request, quoteChangeSchema, { maxBytes: MAX_BODY_BYTES });
  return answer(changeEventQuote, await changeConfirmed(quoteConfig, id, body, Date.now()));
});

const balance = adminHandle(['POST'], async (request, context) => {
  const id = requestId(context);
  const { amountCents, note } = await readJsonBody(request, balanceAtVenueSchema, { maxBytes: MAX_BODY_BYTES });
  return answer(recordEventBalance, await recordBalanceAtVenue(id, amountCents, note, Date.now()));
});

const balanceLink = adminHandle(['POST'], async (request, context) => {
  const id = requestId(context);
  await readJsonBody(request, z.object({}), { maxBytes: MAX_BODY_BYTES });
  const { record, queued } = await sendBalanceLink(id, siteUrl(request), Date.now());
  afterAnswer(context, () => deliverNow(queued));
  return answer(sendEventBalanceLink, record);
});

const cancel = adminHandle(['POST'], async (request, context) => {
  const id = requestId(context);
  const { override } = await readJsonBody(request, cancelEventSchema, { maxBytes: MAX_BODY_BYTES });
  return answer(cancelEventQuote, await cancelEvent(id, override ?? null, Date.now()));
});

const ACTIONS: Record<string, typeof save> = { preview, withdraw, change, balance, 'balance-link': balanceLink, cancel };

export default async function adminEventQuotes(request: Request, context?: FunctionContext): Promise<Response> {
  if (!context?.params?.['id']) return list(request, context);
  // /api/admin/event-quotes/:id has four segments; an action adds a fifth.
  const segments = new URL(request.url).pathname.split('/').filter(Boolean);
  const name = segments.length === 5 ? segments[4]! : '';
  const action = Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : undefined;
  return (action ?? save)(request, context);
}

export const config: Config = { path: ['/api/admin/event-quotes', '/api/admin/event-quotes/:id', '/api/admin/event-quotes/:id/preview', '/api/admin/event-quotes/:id/withdraw', '/api/admin/event-quotes/:id/change', '/api/admin/event-quotes/:id/balance', '/api/admin/event-quotes/:id/balance-link', '/api/admin/event-quotes/:id/cancel'] };
