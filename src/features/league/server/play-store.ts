/**
 * League play in Redis (what staff entered, and the public views derived from it):
 *   league:play:version          counter, one more at every save: the views' version, the entry form's check
 *   league:play:weeks:{session}  ({session} is playId: id@first day) hash week → JSON of the week as entered (StoredWeek)
 *   league:play:start:{session}  hash team (registration id) → established starting handicap
 *   league:play:history:{session} list of JSON history entries (time, week, what changed), oldest first
 *   league:play:view:{session}   JSON of the session's public standings (team names only)
 *   league:play:season:{season}  JSON of the season's public part: qualifiers and playoffs
 *   league:play:playoffs:{season} JSON of the playoff rounds as staff entered them
 *                                ({season} is its first session's playId: a rolled season starts afresh)
 *   league:play:optout           hash team (registration id) → when it asked for no more weekly mail (ms)
 *   league:play:token            hash team → its opt-out link's token; league:play:token-team the reverse
 * A week is saved by one script (the week, the starting handicaps, the history entry, both views and
 * the teams' mails, or nothing when another save came first); the public standings read two keys.
 */
import type { MailMessage } from '../../../shared/mail/message';
import { queued, queueMessage, STATUS_KEY as MAIL_STATUS_KEY } from '../../../shared/mail/outbox';
import { parseAnswer } from '../../../shared/server/json-records';
import { defineScript, many } from '../../../shared/server/script';
import { withStore } from '../../../shared/server/store';
import type { AwardWinner, WeekEntry } from '../rules/play-session';
import { sessionRunId } from '../rules/league';

export const PLAY_VERSION_KEY = 'league:play:version';
export const OPTOUT_KEY = 'league:play:optout';
export const TOKEN_KEY = 'league:play:token';
export const TOKEN_TEAM_KEY = 'league:play:token-team';
/** Which run of a session the keys below are for, so a season rolled forward in the content (same ids, new dates) starts with nothing entered. */
export const playId = sessionRunId;
export const weeksKey = (sessionId: string) => `league:play:weeks:${sessionId}`;
export const startKey = (sessionId: string) => `league:play:start:${sessionId}`;
export const historyKey = (sessionId: string) => `league:play:history:${sessionId}`;
export const viewKey = (sessionId: string) => `league:play:view:${sessionId}`;
/** The season the content dates: its first session's run. */
export const seasonRunId = (sessions: ReadonlyArray<{ id: string; startDate: string }>): string =>
  sessionRunId([...sessions].sort((a, b) => a.startDate.localeCompare(b.startDate))[0] ?? { id: 'none', startDate: '' });
export const seasonViewKey = (season: string) => `league:play:season:${season}`;
export const playoffsKey = (season: string) => `league:play:playoffs:${season}`;

export interface StoredWeek {
  week: number;
  entries: WeekEntry[];
  awards: AwardWinner[];
  /** ISO time of the last save. */
  savedAt: string;
}

export interface HistoryEntry {
  /** ISO time. */
  at: string;
  week: number;
  version: number;
  changes: string[];
}

export interface StoredSession {
  weeks: StoredWeek[];
  starting: Record<string, number>;
  history: HistoryEntry[];
}

export interface PlayState {
  version: number;
  sessions: Record<string, StoredSession>;
  optedOut: Set<string>;
  tokens: Record<string, string>;
  /** The mail keys asked about that the outbox has seen (queued, sent or failed). */
  mailed: Set<string>;
  playoffs: unknown;
}

/** Per session: its weeks, starting handicaps and history (three keys each, in that order). */
const readScript = defineScript({
  name: 'league play read',
  keys: ['version', 'optout', 'tokens', 'mailStatus', 'playoffs'],
  args: {},
  variadicKeys: 'sessionKeys',
  variadicArgs: 'mailKeys',
  lua: `
local sessions = {}
for i = 1, #sessionKeys, 3 do
  sessions[#sessions + 1] = { redis.call('HGETALL', sessionKeys[i]), redis.call('HGETALL', sessionKeys[i + 1]), redis.call('LRANGE', sessionKeys[i + 2], 0, -1) }
end
local mailed = {}
for _, key in ipairs(mailKeys) do
  if redis.call('HEXISTS', mailStatus, key) == 1 then mailed[#mailed + 1] = key end
end
return cjson.encode({ redis.call('GET', version) or '0', redis.call('HKEYS', optout), redis.call('HGETALL', tokens), mailed, redis.call('GET', playoffs) or '', sessions })`,
});

const pairs = (list: unknown): Array<[string, string]> => {
  const flat = Array.isArray(list) ? list.map(String) : [];
  const out: Array<[string, string]> = [];
  for (let index = 0; index + 1 < flat.length; index += 2) out.push([flat[index]!, flat[index + 1]!]);
  return out;
};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const json = (text: unknown): unknown => {
  try {
    return typeof text === 'string' && text !== '' ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
};

/** Everything a save works from, for these sessions, in one round trip; `mailKeys`: which of them the outbox has seen. */
export async function readPlayState(season: string, sessionIds: readonly string[], mailKeys: readonly string[]): Promise<PlayState> {
  const answer = list(
    parseAnswer(
      await withStore((store) =>
        readScript.run(store, {
          keys: { version: PLAY_VERSION_KEY, optout: OPTOUT_KEY, tokens: TOKEN_KEY, mailStatus: MAIL_STATUS_KEY, playoffs: playoffsKey(season), sessionKeys: sessionIds.flatMap((id) => [weeksKey(id), startKey(id), historyKey(id)]) },
          args: { mailKeys: [...mailKeys] },
        }),
      ),
    ),
  );
  const sessions: Record<string, StoredSession> = {};
  list(answer[5]).forEach((raw, index) => {
    const [weeks, starting, history] = list(raw);
    sessions[sessionIds[index]!] = {
      weeks: pairs(weeks).map(([, text]) => json(text) as StoredWeek | null).filter((week): week is StoredWeek => week !== null && typeof week.week === 'number'),
      starting: Object.fromEntries(pairs(starting).map(([id, value]) => [id, Number(value)]).filter(([, value]) => Number.isFinite(value))),
      history: list(history).map(json).filter((entry): entry is HistoryEntry => entry !== null),
    };
  });
  return {
    version: Number(answer[0]) || 0,
    sessions,
    optedOut: new Set(list(answer[1]).map(String)),
    tokens: Object.fromEntries(pairs(answer[2])),
    mailed: new Set(list(answer[3]).map(String)),
    playoffs: json(answer[4]),
  };
}

/**
 * Saves a week, or nothing when the version moved since the form read it: answers the new version,
 * or -1. Starting handicaps set to null are removed; new opt-out tokens are written both ways.
 */
const saveWeekScript = defineScript({
  name: 'league week save',
  keys: ['version', 'weeks', 'start', 'history', 'view', 'season', 'tokens', 'tokenTeams'],
  args: { expected: 'number', week: 'number', weekJson: 'string', starting: 'json', historyJson: 'string', viewJson: 'string', seasonJson: 'string', newTokens: 'json', now: 'number' },
  steps: { messages: many(queueMessage) },
  lua: `
local current = tonumber(redis.call('GET', version) or '0')
if current ~= expected then return -1 end
redis.call('HSET', weeks, tostring(week), weekJson)
for team, handicap in pairs(starting) do
  if handicap == cjson.null then redis.call('HDEL', start, team) else redis.call('HSET', start, team, tostring(handicap)) end
end
for team, token in pairs(newTokens) do
  redis.call('HSET', tokens, team, token)
  redis.call('HSET', tokenTeams, token, team)
end
redis.call('RPUSH', history, historyJson)
redis.call('SET', view, viewJson)
redis.call('SET', season, seasonJson)
for _, message in ipairs(messages) do queueMessage(message, now) end
return redis.call('INCR', version)`,
});

export interface WeekSave {
  sessionId: string;
  expectedVersion: number;
  week: StoredWeek;
  /** Team → handicap, null to clear. */
  starting: Record<string, number | null>;
  history: HistoryEntry;
  /** The public views, written with the version this save gives them (expectedVersion + 1). */
  view: unknown;
  /** The season (seasonRunId) and its view. */
  seasonId: string;
  season: unknown;
  newTokens: Record<string, string>;
  messages: readonly MailMessage[];
  now: Date;
}

/** The new version, or null when another save came first. */
export async function saveWeek(save: WeekSave): Promise<number | null> {
  const answer = await withStore((store) =>
    saveWeekScript.run(store, {
      keys: {
        version: PLAY_VERSION_KEY,
        weeks: weeksKey(save.sessionId),
        start: startKey(save.sessionId),
        history: historyKey(save.sessionId),
        view: viewKey(save.sessionId),
        season: seasonViewKey(save.seasonId),
        tokens: TOKEN_KEY,
        tokenTeams: TOKEN_TEAM_KEY,
      },
      args: {
        expected: save.expectedVersion,
        week: save.week.week,
        weekJson: JSON.stringify(save.week),
        starting: save.starting,
        historyJson: JSON.stringify(save.history),
        viewJson: JSON.stringify(save.view),
        seasonJson: JSON.stringify(save.season),
        newTokens: save.newTokens,
        now: save.now.getTime(),
      },
      steps: { messages: save.messages.map((message) => queued(message, save.now)) },
    }),
  );
  const version = Number(answer);
  return version > 0 ? version : null;
}

/** The public standings of a session and the season's part, in one round trip (null where nothing was saved yet). */
export async function readPublicViews(sessionId: string, seasonId: string): Promise<[unknown, unknown]> {
  const [view, season] = await withStore((store) => store.mget<[unknown, unknown]>(viewKey(sessionId), seasonViewKey(seasonId)));
  return [parseAnswer(view ?? null), parseAnswer(season ?? null)];
}

/** Records the playoff rounds and the season's view, or nothing when the version moved: the new version, or null. */
const saveSeasonScript = defineScript({
  name: 'league playoffs save',
  keys: ['version', 'playoffs', 'season'],
  args: { expected: 'number', playoffsJson: 'string', seasonJson: 'string' },
  lua: `
if tonumber(redis.call('GET', version) or '0') ~= expected then return -1 end
redis.call('SET', playoffs, playoffsJson)
redis.call('SET', season, seasonJson)
return redis.call('INCR', version)`,
});

export async function saveSeason(save: { seasonId: string; expectedVersion: number; playoffs: unknown; season: unknown }): Promise<number | null> {
  const answer = await withStore((store) =>
    saveSeasonScript.run(store, {
      keys: { version: PLAY_VERSION_KEY, playoffs: playoffsKey(save.seasonId), season: seasonViewKey(save.seasonId) },
      args: { expected: save.expectedVersion, playoffsJson: JSON.stringify(save.playoffs), seasonJson: JSON.stringify(save.season) },
    }),
  );
  const version = Number(answer);
  return version > 0 ? version : null;
}

/** Takes a team off the weekly mail by its link's token: true when the token names a team. */
const optOutScript = defineScript({
  name: 'league mail opt-out',
  keys: ['tokenTeams', 'optout'],
  args: { token: 'string', now: 'number' },
  lua: `
local team = redis.call('HGET', tokenTeams, token)
if not team then return 0 end
redis.call('HSETNX', optout, team, tostring(now))
return 1`,
});

export async function optOutByToken(token: string, now: Date): Promise<boolean> {
  const answer = await withStore((store) => optOutScript.run(store, { keys: { tokenTeams: TOKEN_TEAM_KEY, optout: OPTOUT_KEY }, args: { token, now: now.getTime() } }));
  return Number(answer) === 1;
}
