import type { Config } from '@netlify/functions';
import { league } from '../../src/features/league/catalogue';
import { registerTeam as registerEndpoint } from '../../src/features/league/contract/league-registration-multi';
import { leagueRegistrationSchema } from '../../src/features/league/contract/registration-form';
import { handle } from '../../src/shared/server/handle';
import { answer } from '../../src/shared/server/http';
import { registerTeam } from '../../src/features/league/server/register';
import { readJsonBody, siteUrl } from '../../src/shared/server/request';
import { calendarNow } from '../../src/shared/server/calendar-clock';

const schema = leagueRegistrationSchema(league);

/**
 * POST /api/league-registration-multi { sessionRegistrations: [...] } → { checkoutUrl }.
 * 400 invalid entries, 409 a session not taking registrations (named) or a full tee time, 502 when Stripe fails.
 */
export default handle(['POST'], async (request) => {
  const body = await readJsonBody(request, schema, { maxBytes: 32 * 1024 });
  return answer(registerEndpoint, await registerTeam(body, siteUrl(request), { calendar: calendarNow() }));
});

export const config: Config = { path: '/api/league-registration-multi' };
