import type { Config } from '@netlify/functions';
import { changeGiftCard, giftCardByCode, giftCardById, listGiftCards, searchGiftCards } from '../../src/features/gift-cards/contract/admin-gift-cards';
import { staffActionSchema } from '../../src/features/gift-cards/contract/admin-forms';
import { balanceQuerySchema } from '../../src/features/gift-cards/contract/balance-form';
import { applyStaffAction, cardDetailByCode, cardDetailById, searchCards } from '../../src/features/gift-cards/server/admin';
import { adminHandle } from '../../src/features/staff/server/admin-handle';
import { afterAnswer, deliverNow } from '../../src/shared/mail/deliver';
import { answer } from '../../src/shared/server/http';
import { HttpError, readJsonBody, routeParam, type FunctionContext } from '../../src/shared/server/request';

const CARD_ID = /^[0-9a-f-]{36}$/;

/**
 * GET  /api/admin/gift-cards               → every card, newest first
 * GET  /api/admin/gift-cards/search/:text  → cards whose e-mails, names, id or code hint contain the text
 * POST /api/admin/gift-cards/lookup        → { code } → the card with its ledger (400 bad code, 404 none)
 * GET  /api/admin/gift-cards/card/:id      → the card with its ledger
 * POST /api/admin/gift-cards/card/:id      → debit / adjust / void / resend → the card after it (409 refused)
 */
const all = adminHandle(['GET'], async () => answer(listGiftCards, await searchCards('')));

const search = adminHandle(['GET'], async (_request, context) => answer(searchGiftCards, await searchCards((routeParam(context, 'text') ?? '').slice(0, 200))));

const lookup = adminHandle(['POST'], async (request) => {
  const { code } = await readJsonBody(request, balanceQuerySchema, { maxBytes: 1024 });
  return answer(giftCardByCode, await cardDetailByCode(code));
});

const card = adminHandle(['GET', 'POST'], async (request, context) => {
  const id = routeParam(context, 'id') ?? '';
  if (!CARD_ID.test(id)) throw new HttpError(404, 'Gift card not found.');
  if (request.method === 'GET') return answer(giftCardById, await cardDetailById(id));
  const action = await readJsonBody(request, staffActionSchema, { maxBytes: 2048 });
  const changed = await applyStaffAction(id, action, Date.now());
  if (changed.queued.length > 0) afterAnswer(context, () => deliverNow(changed.queued));
  return answer(changeGiftCard, changed.card);
});

export default async function adminGiftCards(request: Request, context?: FunctionContext): Promise<Response> {
  if (context?.params?.['text'] !== undefined) return search(request, context);
  if (context?.params?.['id'] !== undefined) return card(request, context);
  if (new URL(request.url).pathname.endsWith('/lookup')) return lookup(request, context);
  return all(request, context);
}

export const config: Config = { path: ['/api/admin/gift-cards', '/api/admin/gift-cards/search/:text', '/api/admin/gift-cards/lookup', '/api/admin/gift-cards/card/:id'] };
