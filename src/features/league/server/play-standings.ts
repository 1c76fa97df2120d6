/**
 * The public standings: a session's view and the season's, as the last save wrote them, read in one
 * round trip. Answers are cached at the CDN for a minute and carry the save's version as their ETag.
 */
import { league } from '../catalogue';
import type { SeasonView, SessionView, StandingsAnswer } from '../contract/league-standings';
import { HttpError } from '../../../shared/server/request';
import { playId, readPublicViews } from './play-store';
import { currentSeason } from './season';

/** At most a minute at the CDN: a save shows within it; browsers revalidate each time (cheap 304 by version). */
/** The CDN's tag for every standings answer: a save purges it (purgeCdnTag). */
export const STANDINGS_CACHE_TAG = 'league-standings';

export const STANDINGS_CACHE_HEADERS = {
  'Cache-Control': 'public, max-age=0, must-revalidate',
  'Netlify-Cache-Tag': STANDINGS_CACHE_TAG,
  'Netlify-CDN-Cache-Control': 'public, s-maxage=60',
  'CDN-Cache-Control': 'public, s-maxage=60',
};

export const UNKNOWN_SESSION = 'No league session has this id.';

/*
 * The views are written whole by the save scripts from checked data, so reading one checks only that it
 * is one (its version, its session, its lists): a full schema parse of 40 teams × 8 weeks on every
 * request would cost more than the store read itself.
 */
const hasVersion = (value: unknown): value is { version: number } => typeof value === 'object' && value !== null && typeof (value as { version?: unknown }).version === 'number';
const isSessionView = (value: unknown, sessionId: string): value is SessionView =>
  hasVersion(value) && (value as SessionView).sessionId === sessionId && Array.isArray((value as SessionView).flights) && Array.isArray((value as SessionView).results);
const isSeasonView = (value: unknown): value is SeasonView => hasVersion(value) && Array.isArray((value as SeasonView).qualifiers) && typeof (value as SeasonView).playoffs === 'object';

export async function publicStandings(sessionId: string): Promise<StandingsAnswer> {
  const session = league.sessions.find((each) => each.id === sessionId);
  if (!session) throw new HttpError(404, UNKNOWN_SESSION);
  const [rawSession, rawSeason] = await readPublicViews(playId(session), currentSeason);
  const view = isSessionView(rawSession, sessionId) ? rawSession : null;
  const seasonData = isSeasonView(rawSeason) ? rawSeason : null;
  return { version: Math.max(view?.version ?? 0, seasonData?.version ?? 0), session: view, season: seasonData };
}

/** The ETag of an answer: its version. */
export const standingsTag = (version: number) => `"league-${version}"`;
