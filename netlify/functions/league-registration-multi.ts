import type { Config } from '@netlify/functions';
import { league } from '../../src/data/league';
import { registerTeam as registerEndpoint } from '../../src/domain/api/league-registration-multi';
import { leagueRegistrationSchema } from '../../src/domain/forms/league-registration';
import { handle } from '../../src/server/handle';
import { answer } from '../../src/server/http';
import { registerTeam } from '../../src/server/league/register';
import { readJsonBody, siteUrl } from '../../src/server/request';

const schema = leagueRegistrationSchema(league);

/**
 * POST /api/league-registration-multi { sessionRegistrations: [...] } → { checkoutUrl }.
 * 400 invalid entries, 409 closed session or full tee time, 502 when Stripe fails.
 */
export default handle(['POST'], async (request) => {
  const body = await readJsonBody(request, schema, { maxBytes: 32 * 1024 });
  return answer(registerEndpoint, await registerTeam(body, siteUrl(request)));
});

export const config: Config = { path: '/api/league-registration-multi' };
