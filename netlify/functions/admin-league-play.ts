import type { Config } from '@netlify/functions';
import { givePrize, readEntry, savePlayoffs, saveWeekEndpoint } from '../../src/features/league/contract/admin-league-play';
import { weekBodySchema } from '../../src/features/league/rules/play-entry';
import { playoffsBodySchema } from '../../src/features/league/rules/play-playoffs';
import { prizeBodySchema } from '../../src/features/league/rules/play-prize';
import { giveLeaguePrize } from '../../src/features/league/server/play-prize';
import { entryView, saveLeaguePlayoffs, saveLeagueWeek } from '../../src/features/league/server/play-service';
import { adminHandle } from '../../src/features/staff/server/admin-handle';
import { afterAnswer, deliverNow } from '../../src/shared/mail/deliver';
import { purgeCdnTag } from '../../src/shared/server/cdn-purge';
import { STANDINGS_CACHE_TAG } from '../../src/features/league/server/play-standings';
import { answer } from '../../src/shared/server/http';
import { readJsonBody, routeParam, siteUrl, type FunctionContext } from '../../src/shared/server/request';

/** 40 teams' entries with their courses and the awards fit well inside this. */
const MAX_WEEK_BYTES = 64 * 1024;

/**
 * GET  /api/admin/league-play/sessions/:session → what the score entry shows for the session
 * POST /api/admin/league-play                → saves one week → { ok, version } (400 naming each wrong field, 409 on a concurrent save);
 *                                              the teams' mails are sent after the answer
 * POST /api/admin/league-play/playoffs       → seeds the qualifier round or records playoff scores → { ok, version }
 * POST /api/admin/league-play/prizes         → gives an award's winner a gift card → { ok, issued, amountCents } (issued false: given
 *                                              before, nothing written; 400 naming the field); its mail is sent after the answer
 */
const entry = adminHandle(['GET'], async (_request, context) => answer(readEntry, await entryView(routeParam(context, 'session') ?? '')));

const week = adminHandle(['POST'], async (request, context) => {
  const body = await readJsonBody(request, weekBodySchema, { maxBytes: MAX_WEEK_BYTES });
  const saved = await saveLeagueWeek(body, new Date(), siteUrl(request));
  afterAnswer(context, () => Promise.all([deliverNow(saved.mailKeys), purgeCdnTag(STANDINGS_CACHE_TAG)]));
  return answer(saveWeekEndpoint, { ok: true, version: saved.version });
});

const playoffs = adminHandle(['POST'], async (request, context) => {
  const body = await readJsonBody(request, playoffsBodySchema);
  const version = await saveLeaguePlayoffs(body);
  afterAnswer(context, () => purgeCdnTag(STANDINGS_CACHE_TAG));
  return answer(savePlayoffs, { ok: true, version });
});

const prize = adminHandle(['POST'], async (request, context) => {
  const body = await readJsonBody(request, prizeBodySchema, { maxBytes: 1024 });
  const given = await giveLeaguePrize(body, new Date());
  if (given.queued.length > 0) afterAnswer(context, () => deliverNow(given.queued));
  return answer(givePrize, { ok: true, issued: given.issued, amountCents: given.amountCents });
});

export default async function adminLeaguePlay(request: Request, context?: FunctionContext): Promise<Response> {
  if (context?.params?.session !== undefined) return entry(request, context);
  const path = new URL(request.url).pathname;
  if (path.endsWith('/prizes')) return prize(request, context);
  return (path.endsWith('/playoffs') ? playoffs : week)(request, context);
}

export const config: Config = { path: ['/api/admin/league-play', '/api/admin/league-play/playoffs', '/api/admin/league-play/prizes', '/api/admin/league-play/sessions/:session'] };
