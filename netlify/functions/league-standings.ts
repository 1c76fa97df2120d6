import type { Config } from '@netlify/functions';
import { leagueStandings } from '../../src/features/league/contract/league-standings';
import { publicStandings, STANDINGS_CACHE_HEADERS, standingsTag } from '../../src/features/league/server/play-standings';
import { handle } from '../../src/shared/server/handle';
import { answer, withSecurityHeaders } from '../../src/shared/server/http';

/**
 * GET /api/league/standings?session=winter → the session's standings, week results and awards, and the
 * season's qualifiers and playoffs (team names only). One store round trip; cached at the CDN for 60 s,
 * ETag = the last save's version (304 when the browser has it).
 */
export default handle(['GET', 'HEAD'], async (request) => {
  const standings = await publicStandings(new URL(request.url).searchParams.get('session') ?? '');
  const tag = standingsTag(standings.version);
  const headers = { ...STANDINGS_CACHE_HEADERS, ETag: tag };
  if (request.headers.get('if-none-match') === tag) return withSecurityHeaders(new Response(null, { status: 304, headers }));
  return answer(leagueStandings, standings, 200, headers);
});

export const config: Config = { path: '/api/league/standings' };
