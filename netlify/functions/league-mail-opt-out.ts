import type { Config } from '@netlify/functions';
import { leagueMailOptOut, OPT_OUT_UNKNOWN } from '../../src/features/league/contract/league-mail-opt-out';
import { optOutBody } from '../../src/features/league/contract/opt-out-form';
import { optOutByToken } from '../../src/features/league/server/play-store';
import { handle } from '../../src/shared/server/handle';
import { answer } from '../../src/shared/server/http';
import { HttpError, readJsonBody } from '../../src/shared/server/request';

/**
 * POST /api/league-mail-opt-out { token } → { ok: true }: the team of the mail's link gets no more
 * weekly result mails (the page /league/mail-opt-out asks first, so a mail scanner opening the link
 * changes nothing). 404 when no team has the token.
 */
export default handle(['POST'], async (request) => {
  const { token } = await readJsonBody(request, optOutBody, { maxBytes: 1024 });
  if (!(await optOutByToken(token, new Date()))) throw new HttpError(404, OPT_OUT_UNKNOWN);
  return answer(leagueMailOptOut, { ok: true });
});

export const config: Config = { path: '/api/league-mail-opt-out' };
