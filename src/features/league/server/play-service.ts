/**
 * League play for staff and teams: what the score entry shows, saving a week (checked against the
 * session's teams, every session's standings and the season's qualifiers worked out again from what
 * was entered, the teams' mails queued), and the playoff rounds. Teams are the completed registrations
 * of a session.
 */
import { randomBytes } from 'node:crypto';
import { league } from '../catalogue';
import { leaguePlay } from '../play-catalogue';
import type { EntryAnswer, PlayoffsBody } from '../contract/admin-league-play';
import type { Player } from '../contract/admin-league-registrations';
import type { SessionView } from '../contract/league-standings';
import { correctionMessage, teamFacts, weekMailKey, weekMessage } from '../mail/play-week';
import { checkWeek, type WeekBody } from '../rules/play-entry';
import { weekChanges } from '../rules/play-history';
import { qualifiers as qualifiersOf, type Qualifier } from '../rules/play-qualification';
import { sessionPlay, type PlayTeam, type SessionPlay } from '../rules/play-session';
import { finalField, NO_PLAYOFFS, seasonView, seedQualifier, sessionView, type NamedSession, type PlayoffsInput } from '../rules/play-view';
import type { MailMessage } from '../../../shared/mail/message';
import { HttpError } from '../../../shared/server/request';
import { PRIZE_RULES, sessionPrizes } from './play-prizes';
import { playId, readPlayState, saveSeason, saveWeek, type PlayState, type StoredSession, type StoredWeek } from './play-store';
import { UNKNOWN_SESSION } from './play-standings';
import { currentSeason } from './season';
import { readRegistrations } from './registrations-store';

export interface Team {
  id: string;
  name: string;
  players: [Player, Player];
}

export const CONFLICT_MESSAGE = 'The league was saved by someone else since this page read it: reload it and enter again.';

const sessions: NamedSession[] = league.sessions.map((session) => ({ id: session.id, name: session.name, weeks: session.weeks }));
/** Each session's keys in the store, by session id. */
const storeIds = new Map(league.sessions.map((session) => [session.id, playId(session)]));
export const storeId = (sessionId: string) => storeIds.get(sessionId) ?? sessionId;
const DAY_MS = 86_400_000;
/** Registrations count for a run of a session when made in the year before its last day (a rolled season reuses the ids). */
const registrationWindows = new Map(league.sessions.map((session) => [session.id, { from: Date.parse(session.startDate) - 365 * DAY_MS, until: Date.parse(session.endDate) + DAY_MS }]));
function forThisRun(sessionId: string, registeredAt: string): boolean {
  const at = Date.parse(registeredAt);
  const window = registrationWindows.get(sessionId);
  return !window || Number.isNaN(at) || (at >= window.from && at < window.until);
}

export function findSession(sessionId: string): NamedSession {
  const session = sessions.find((each) => each.id === sessionId);
  if (!session) throw new HttpError(400, 'Choose a league session', { fields: { sessionId: 'Choose a league session' } });
  return session;
}

/** Completed registrations by session, each session's teams by name. */
export async function teamsBySession(): Promise<Map<string, Team[]>> {
  const teams = new Map<string, Team[]>(sessions.map((session) => [session.id, []]));
  for (const { record, paymentStatus } of await readRegistrations()) {
    if (paymentStatus === 'completed' && forThisRun(record.sessionId, record.registeredAt)) teams.get(record.sessionId)?.push({ id: record.id, name: record.teamName, players: record.players });
  }
  for (const list of teams.values()) list.sort((a, b) => a.name.localeCompare(b.name));
  return teams;
}

const EMPTY: StoredSession = { weeks: [], starting: {}, history: [] };

interface Season {
  plays: Map<string, SessionPlay>;
  qualifiers: Qualifier[];
}

/** Every session's play and the season's qualifiers from what is stored. */
function workOut(teams: ReadonlyMap<string, Team[]>, stored: Readonly<Record<string, StoredSession>>): Season {
  const plays = new Map<string, SessionPlay>();
  const season = sessions.map((session) => {
    const own = stored[storeId(session.id)] ?? EMPTY;
    const playTeams: PlayTeam[] = (teams.get(session.id) ?? []).map((team) => ({ id: team.id, name: team.name, startingHandicap: own.starting[team.id] ?? null }));
    const play = sessionPlay(leaguePlay, playTeams, own.weeks);
    plays.set(session.id, play);
    return { sessionId: session.id, weeks: session.weeks, teams: playTeams, play };
  });
  return { plays, qualifiers: qualifiersOf(leaguePlay, season) };
}

function playoffsOf(value: unknown): PlayoffsInput {
  const stored = value as Partial<PlayoffsInput> | null;
  return stored && Array.isArray(stored.qualifier) && Array.isArray(stored.final) ? { qualifier: stored.qualifier, final: stored.final, finalists: Number(stored.finalists) || 0 } : NO_PLAYOFFS;
}

const namesOf = (teams: readonly Team[]) => new Map(teams.map((team) => [team.id, team.name]));
const viewOf = (session: NamedSession, teams: readonly Team[], season: Season, version: number): SessionView =>
  sessionView(leaguePlay, session, namesOf(teams), season.plays.get(session.id)!, version);

export async function entryView(sessionId: string): Promise<EntryAnswer> {
  const session = sessions.find((each) => each.id === sessionId);
  if (!session) throw new HttpError(404, UNKNOWN_SESSION);
  const teams = await teamsBySession();
  const state = await readPlayState(currentSeason, sessions.map((each) => storeId(each.id)), []);
  const season = workOut(teams, state.sessions);
  const own = state.sessions[storeId(session.id)] ?? EMPTY;
  const prizes = await sessionPrizes(storeId(session.id), own.weeks);
  return {
    version: state.version,
    session,
    sessions: sessions.map(({ id, name }) => ({ id, name })),
    teams: (teams.get(session.id) ?? []).map((team) => ({ id: team.id, name: team.name, startingHandicap: own.starting[team.id] ?? null })),
    weeks: [...own.weeks].sort((a, b) => a.week - b.week),
    history: own.history,
    prizes,
    rules: { prize: PRIZE_RULES, ...leaguePlay.scores, awards: leaguePlay.awards.map(({ id, name, example }) => ({ id, name, example })) },
    standings: viewOf(session, teams.get(session.id) ?? [], season, state.version),
    season: seasonView(leaguePlay, sessions, season.qualifiers, playoffsOf(state.playoffs), state.version),
  };
}

const token = () => randomBytes(16).toString('base64url');

/** The week's mails: each team's result (queued every save; the outbox keeps the first), and a correction where an edit changed a mailed line. */
function weekMails(teams: readonly Team[], state: PlayState, week: number, before: SessionView, after: SessionView, links: (team: Team) => { optOutUrl: string; standingsUrl: string }): MailMessage[] {
  return teams.flatMap((team) => {
    if (state.optedOut.has(team.id)) return [];
    const input = { teamId: team.id, team: team.name, to: team.players.map((player) => player.email), ...links(team) };
    if (!state.mailed.has(weekMailKey(after.sessionId, week, team.id))) return [weekMessage(after, week, input)].filter((message) => message !== null);
    const changed = JSON.stringify(teamFacts(before, week, team.name)) !== JSON.stringify(teamFacts(after, week, team.name));
    return changed ? [correctionMessage(after, week, input)].filter((message) => message !== null) : [];
  });
}

/** Saves a week: the new version and the keys of the mails queued. 400 naming the wrong fields, 409 when another save came first. */
export async function saveLeagueWeek(body: WeekBody, now: Date, origin: string): Promise<{ version: number; mailKeys: string[] }> {
  const session = findSession(body.sessionId);
  const teams = await teamsBySession();
  const own = teams.get(session.id) ?? [];
  const checked = checkWeek(leaguePlay, { weeks: session.weeks, teamIds: new Set(own.map((team) => team.id)) }, body);
  if ('fields' in checked) throw new HttpError(400, Object.values(checked.fields)[0]!, { fields: checked.fields });
  const state = await readPlayState(currentSeason, sessions.map((each) => storeId(each.id)), own.map((team) => weekMailKey(session.id, body.week, team.id)));
  if (state.version !== body.expectedVersion) throw new HttpError(409, CONFLICT_MESSAGE);

  const stored = state.sessions[storeId(session.id)] ?? EMPTY;
  const previous = stored.weeks.find((week) => week.week === body.week) ?? null;
  const week: StoredWeek = { week: body.week, ...checked.week, savedAt: now.toISOString() };
  const starting = { ...stored.starting };
  for (const [id, handicap] of Object.entries(body.startingHandicaps ?? {})) {
    if (handicap === null) delete starting[id];
    else starting[id] = handicap;
  }
  const updated = { ...state.sessions, [storeId(session.id)]: { ...stored, starting, weeks: [...stored.weeks.filter((each) => each.week !== body.week), week] } };
  const version = state.version + 1;
  const [before, after] = [workOut(teams, state.sessions), workOut(teams, updated)];
  const afterView = viewOf(session, own, after, version);
  const tokens = Object.fromEntries(own.map((team) => [team.id, state.tokens[team.id] ?? token()]));
  const links = (team: Team) => ({
    optOutUrl: `${origin}/league/mail-opt-out?token=${tokens[team.id]}`,
    standingsUrl: `${origin}/league/standings?session=${session.id}`,
  });
  const messages = weekMails(own, state, body.week, viewOf(session, own, before, state.version), afterView, links);
  const changes = weekChanges(leaguePlay, namesOf(own), previous, week, { before: stored.starting, set: body.startingHandicaps ?? {} });
  const saved = await saveWeek({
    seasonId: currentSeason,
    sessionId: storeId(session.id),
    expectedVersion: state.version,
    week,
    starting: body.startingHandicaps ?? {},
    history: { at: now.toISOString(), week: body.week, version, changes: changes.length > 0 ? changes : ['Saved again, nothing changed'] },
    view: afterView,
    season: seasonView(leaguePlay, sessions, after.qualifiers, playoffsOf(state.playoffs), version),
    newTokens: Object.fromEntries(own.filter((team) => !state.tokens[team.id]).map((team) => [team.id, tokens[team.id]!])),
    messages,
    now,
  });
  if (saved === null) throw new HttpError(409, CONFLICT_MESSAGE);
  return { version: saved, mailKeys: messages.map((message) => message.key) };
}

/** Seeds the qualifier round from the qualification list, or records playoff scores (the final's field follows the qualifier round). */
export async function saveLeaguePlayoffs(body: PlayoffsBody): Promise<number> {
  const teams = await teamsBySession();
  const state = await readPlayState(currentSeason, sessions.map((each) => storeId(each.id)), []);
  if (state.version !== body.expectedVersion) throw new HttpError(409, CONFLICT_MESSAGE);
  const season = workOut(teams, state.sessions);
  let playoffs = playoffsOf(state.playoffs);
  if (body.action === 'seed') {
    const qualifier = seedQualifier(season.qualifiers, leaguePlay.playoffs.qualifierSpots);
    if (qualifier.length < 2) throw new HttpError(400, 'Fewer than two teams have qualified so far', { fields: { action: 'Fewer than two teams have qualified so far' } });
    playoffs = { qualifier, final: [], finalists: Math.max(2, Math.floor(qualifier.length / 2)) };
  } else {
    const record = (round: PlayoffsInput['qualifier'], scores: PlayoffsBody['qualifier'], field: string) => {
      const fields: Record<string, string> = {};
      (scores ?? []).forEach((score, index) => {
        if (!round.some((entry) => entry.seed === score.seed)) fields[`${field}.${index}.seed`] = 'No team has this seed in this round';
        if (score.gross !== null && (score.gross < leaguePlay.scores.minGross || score.gross > leaguePlay.scores.maxGross)) {
          fields[`${field}.${index}.gross`] = `A gross score for 18 holes is from ${leaguePlay.scores.minGross} to ${leaguePlay.scores.maxGross}`;
        }
      });
      if (Object.keys(fields).length > 0) throw new HttpError(400, Object.values(fields)[0]!, { fields });
      return round.map((entry) => ({ ...entry, gross: (scores ?? []).find((score) => score.seed === entry.seed)?.gross ?? entry.gross }));
    };
    const qualifier = record(playoffs.qualifier, body.qualifier, 'qualifier');
    const final = playoffs.final.length > 0 ? playoffs.final : (finalField(qualifier, playoffs.finalists) ?? []);
    playoffs = { ...playoffs, qualifier, final: record(final, body.final, 'final') };
  }
  const version = state.version + 1;
  const saved = await saveSeason({ seasonId: currentSeason, expectedVersion: state.version, playoffs, season: seasonView(leaguePlay, sessions, season.qualifiers, playoffs, version) });
  if (saved === null) throw new HttpError(409, CONFLICT_MESSAGE);
  return saved;
}
