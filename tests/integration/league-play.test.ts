import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STANDINGS_CACHE_TAG } from '../../src/features/league/server/play-standings';
import playFunction, { config as playConfig } from '../../netlify/functions/admin-league-play';
import optOutFunction from '../../netlify/functions/league-mail-opt-out';
import standingsFunction from '../../netlify/functions/league-standings';
import { entryAnswer } from '../../src/features/league/contract/admin-league-play';
import { standingsAnswer } from '../../src/features/league/contract/league-standings';
import { recordFamilies } from '../../src/features/record-families';
import { playId, readPublicViews, seasonRunId } from '../../src/features/league/server/play-store';
import { currentSeason } from '../../src/features/league/server/season';
import { fixtureLeague } from '../support/league-fixture';
import { readVenueData, writeVenueData } from '../../src/shared/venue-data/store';
import { routed } from '../support/function-context';
import { entry, seedTeams, team } from './league-play-helpers';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, clearStore, restoreStoreEnv, useCountingBridge, withRedis } from './api-helpers';
import { afterAnswerContext, useMailCatcher } from './mail-helpers';

const play = routed(playFunction, playConfig);
const mail = useMailCatcher();

/** Runs `work` with the purge API Netlify gives its functions pointed at a stand-in: the purges it received. */
async function withPurgeApi(work: () => Promise<void>): Promise<Array<{ authorization: string | undefined; body: unknown }>> {
  const purges: Array<{ authorization: string | undefined; body: unknown }> = [];
  const api = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/api/v1/purge') purges.push({ authorization: request.headers.authorization, body: JSON.parse(text) as unknown });
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const names = ['NETLIFY_PURGE_API_TOKEN', 'NETLIFY_PURGE_API_URL', 'SITE_ID', 'NETLIFY_LOCAL'] as const;
  const saved = names.map((name) => process.env[name]);
  Object.assign(process.env, { NETLIFY_PURGE_API_TOKEN: 'purge-token', NETLIFY_PURGE_API_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, SITE_ID: 'site-1', NETLIFY_LOCAL: 'true' });
  try {
    await work();
  } finally {
    names.forEach((name, index) => {
      const value = saved[index];
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    });
    await new Promise<void>((resolve) => api.close(() => resolve()));
  }
  return purges;
}

describe('league play: staff save weeks, teams see standings and mail', () => {
  let cookie = '';
  beforeEach(async () => {
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    await clearStore();
    mail.catcher.clear();
    cookie = await adminCookie();
    // Team 06 paid for the winter session of an earlier season (a rolled season reuses the ids): not a team of this one.
    await seedTeams([team(1), team(2), team(3), team(4), team(5, 'pending'), team(6, 'completed', '2023-10-02T23:30:00.000Z')]);
  });
  afterEach(() => restoreStoreEnv());

  const read = async () => {
    const response = await play(apiRequest('/api/admin/league-play/sessions/winter', { cookie }));
    expect(response.status).toBe(200);
    return entryAnswer.parse(await response.json());
  };
  const save = async (body: Record<string, unknown>) => {
    const { context, settled } = afterAnswerContext();
    const response = await play(apiRequest('/api/admin/league-play', { cookie, body }), context);
    await settled();
    return response;
  };
  const standings = async () => {
    const response = await standingsFunction(apiRequest('/api/league/standings?session=winter'));
    expect(response.status).toBe(200);
    return { response, body: standingsAnswer.parse(await response.json()) };
  };
  const week1 = (version: number) => ({
    sessionId: 'winter',
    week: 1,
    expectedVersion: version,
    entries: [entry('reg-1', 80), entry('reg-2', 78), entry('reg-3', 90), entry('reg-4', null)],
    awards: [{ awardId: 'closest-to-pin', teamId: 'reg-2', value: '4ft 2in' }],
    startingHandicaps: { 'reg-1': 8, 'reg-2': 4, 'reg-3': 16, 'reg-4': 20 },
  });

  it('lists completed registrations of this run of the session only as teams, and saves a week with its history, standings and one mail per player', async () => {
    const before = await read();
    expect(before.teams.map((each) => each.name)).toEqual(['Team 01', 'Team 02', 'Team 03', 'Team 04']);
    expect(before.version).toBe(0);

    const response = await save(week1(0));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, version: 1 });

    const after = await read();
    expect(after.weeks).toHaveLength(1);
    expect(after.weeks[0]!.awards).toEqual([{ awardId: 'closest-to-pin', teamId: 'reg-2', value: '4 ft 2 in' }]);
    expect(after.history).toHaveLength(1);
    expect(after.history[0]!.changes).toContain('Team 01: 80 at Pebble Beach (par 72)');
    expect(after.history[0]!.changes).toContain('Closest to Pin: Team 02, 4 ft 2 in');

    const { response: cached, body } = await standings();
    expect(cached.headers.get('netlify-cdn-cache-control')).toBe('public, s-maxage=60');
    expect(cached.headers.get('etag')).toBe('"league-1"');
    expect(body.session!.flights.map((flight) => flight.rows.map((row) => [row.team, row.rank, row.points]))).toEqual([
      // A flight: starting handicaps 4 and 8 → nets 74 and 72.
      [['Team 01', 1, 3], ['Team 02', 2, 1]],
      // B flight: 16 and 20 → Team 03 nets 74; Team 04 did not play.
      [['Team 03', 1, 3], ['Team 04', 2, 0]],
    ]);
    const text = JSON.stringify(body);
    expect(text).not.toContain('@example.com');
    expect(text).not.toContain('608-555');

    const sent = await mail.catcher.messages();
    expect(sent).toHaveLength(4);
    const first = sent.find((message) => message.to.includes('ann1@example.com'))!;
    expect(first.to).toEqual(['ann1@example.com', 'bo1@example.com']);
    expect(first.subject).toContain('Winter Session, week 1: Team 01');
    for (const value of ['Net: 72', 'Points: 3', 'Rank in A Flight: 1 of 2', 'Closest to Pin: Team 02, 4 ft 2 in', '/league/mail-opt-out?token=']) expect(first.text).toContain(value);
  });

  it('recomputes later weeks when a past week is edited, mails each team once per week and a correction to the team whose line changed', async () => {
    await save(week1(0));
    await save({ sessionId: 'winter', week: 2, expectedVersion: 1, entries: [entry('reg-1', 84), entry('reg-2', 80), entry('reg-3', 88), entry('reg-4', 95)], awards: [] });
    const handicapOfTeam1InWeek2 = async () => (await standings()).body.session!.results.find((each) => each.week === 2)!.rows.find((row) => row.team === 'Team 01')!.handicap;
    // Week 1's 80 on par 72: 8 × 0.8 = 6.4.
    expect(await handicapOfTeam1InWeek2()).toBe(6.4);
    expect(await mail.catcher.messages()).toHaveLength(8);
    mail.catcher.clear();

    const edited = { ...week1(2), entries: [entry('reg-1', 90), entry('reg-2', 78), entry('reg-3', 90), entry('reg-4', null)] };
    expect((await save(edited)).status).toBe(200);
    // Week 2 now plays off 90: 18 × 0.8 = 14.4.
    expect(await handicapOfTeam1InWeek2()).toBe(14.4);
    const corrections = await mail.catcher.messages();
    expect(corrections.map((message) => message.to[0]).sort()).toEqual(['ann1@example.com', 'ann2@example.com']);
    expect(corrections.every((message) => message.subject.startsWith('Correction: Winter Session, week 1'))).toBe(true);
    const history = (await read()).history;
    expect(history.map((each) => each.week)).toEqual([1, 2, 1]);
    expect(history[2]!.changes).toEqual(['Team 01: 80 at Pebble Beach (par 72) → 90 at Pebble Beach (par 72)']);

    mail.catcher.clear();
    expect((await save({ ...edited, expectedVersion: 3 })).status).toBe(200);
    expect(await mail.catcher.messages()).toEqual([]);
  });

  it('refuses bad input naming the field and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...week1(0), entries: [entry('reg-1', 39)] }, 'entries.0.gross'],
      [{ ...week1(0), entries: [entry('reg-1', 201)] }, 'entries.0.gross'],
      [{ ...week1(0), entries: [entry('reg-5', 80)] }, 'entries.0.teamId'],
      [{ ...week1(0), week: 9 }, 'week'],
      [{ ...week1(0), week: 0 }, 'week'],
      [{ ...week1(0), awards: [{ awardId: 'longest-drive', teamId: 'reg-1', value: 'far' }] }, 'awards.0.value'],
      [{ ...week1(0), sessionId: 'summer' }, 'sessionId'],
    ];
    for (const [body, field] of cases) {
      const response = await save(body);
      expect(response.status).toBe(400);
      expect(Object.keys(((await response.json()) as { fields: Record<string, string> }).fields)).toContain(field);
    }
    expect(await withRedis((client) => client.keys('league:play:*'))).toEqual([]);
    expect(await mail.catcher.messages()).toEqual([]);
  });

  it('refuses a save based on an old version (409) and one without the staff session or from another origin', async () => {
    await save(week1(0));
    expect((await save(week1(0))).status).toBe(409);
    expect((await play(apiRequest('/api/admin/league-play', { body: week1(1) }))).status).toBe(401);
    expect((await play(apiRequest('/api/admin/league-play', { cookie, body: week1(1), origin: 'https://evil.example' }))).status).toBe(403);
  });

  it('answers the standings in one store round trip, and 304 for the version the browser has', async () => {
    await save(week1(0));
    const bridge = await useCountingBridge();
    try {
      await standings();
      const before = bridge.requestCount;
      const { body } = await standings();
      expect(bridge.requestCount - before).toBe(1);
      const again = await standingsFunction(apiRequest('/api/league/standings?session=winter', { headers: { 'if-none-match': `"league-${body.version}"` } }));
      expect(again.status).toBe(304);
    } finally {
      await bridge.close();
    }
    expect((await standingsFunction(apiRequest('/api/league/standings?session=nope'))).status).toBe(404);
  });

  it('stops a team’s weekly mail from the link in it', async () => {
    await save(week1(0));
    const link = (await mail.catcher.messages()).find((message) => message.to.includes('ann3@example.com'))!.text.match(/mail-opt-out\?token=([\w-]+)/)![1]!;
    expect((await optOutFunction(apiRequest('/api/league-mail-opt-out', { body: { token: link } }))).status).toBe(200);
    expect((await optOutFunction(apiRequest('/api/league-mail-opt-out', { body: { token: 'x'.repeat(22) } }))).status).toBe(404);
    mail.catcher.clear();
    await save({ sessionId: 'winter', week: 2, expectedVersion: 1, entries: [entry('reg-1', 84), entry('reg-3', 88)], awards: [] });
    expect((await mail.catcher.messages()).flatMap((message) => message.to)).not.toContain('ann3@example.com');
  });

  it('is kept in the venue data file: export, an empty store, import gives the same standings and entry', async () => {
    await save(week1(0));
    const [before, entryBefore] = [(await standings()).body, await read()];
    const { data } = await readVenueData(recordFamilies);
    expect(data.records['leaguePlay']!.map((entry) => (entry as { id: string }).id)).toContain('league:play:version');
    await clearStore();
    await writeVenueData(recordFamilies, data);
    expect((await standings()).body).toEqual(before);
    expect(await read()).toEqual(entryBefore);
  });

  it('tags the standings for the CDN and purges the tag after a save, through the purge API Netlify gives its functions', async () => {
    const purges = await withPurgeApi(async () => {
      expect((await standings()).response.headers.get('netlify-cache-tag')).toBe(STANDINGS_CACHE_TAG);
      expect((await save(week1(0))).status).toBe(200);
    });
    expect(purges).toEqual([{ authorization: 'Bearer purge-token', body: { cache_tags: [STANDINGS_CACHE_TAG], site_id: 'site-1' } }]);
    // Without a token (the local runtime, which caches nothing) a save asks nobody.
    expect((await save(week1(1))).status).toBe(200);
  });

  it('seeds the playoffs from the qualifiers and records the rounds', async () => {
    const qualifyAll = async (version: number, week: number) =>
      save({ sessionId: 'winter', week, expectedVersion: version, entries: [entry('reg-1', 80), entry('reg-2', 78), entry('reg-3', 90), entry('reg-4', 85)], awards: [] });
    for (let week = 1; week <= 8; week += 1) expect((await qualifyAll(week - 1, week)).status).toBe(200);
    // A playoffs save purges the standings' cached copies too.
    const purges = await withPurgeApi(async () => {
      const { context, settled } = afterAnswerContext();
      const seeded = await play(apiRequest('/api/admin/league-play/playoffs', { cookie, body: { expectedVersion: 8, action: 'seed' } }), context);
      expect(seeded.status).toBe(200);
      await settled();
    });
    expect(purges.map((purge) => purge.body)).toEqual([{ cache_tags: [STANDINGS_CACHE_TAG], site_id: 'site-1' }]);
    const season = (await standings()).body.season!;
    expect(season.qualifiers.length).toBeGreaterThanOrEqual(2);
    expect(season.playoffs.qualifier.map((each) => each.seed)).toEqual(season.qualifiers.map((_, index) => index + 1));
    const scores = season.playoffs.qualifier.map((each) => ({ seed: each.seed, gross: 70 + each.seed }));
    expect((await play(apiRequest('/api/admin/league-play/playoffs', { cookie, body: { expectedVersion: 9, action: 'results', qualifier: scores } }))).status).toBe(200);
    const { final, finalists } = (await standings()).body.season!.playoffs;
    // The best `finalists` of the qualifier round by gross go through: here the best seeds, who scored lowest.
    expect(final.map((each) => each.team)).toEqual(season.playoffs.qualifier.slice(0, finalists).map((each) => each.team));
    const finalScores = final.map((each) => ({ seed: each.seed, gross: each.seed === 1 ? 68 : 75 }));
    expect((await play(apiRequest('/api/admin/league-play/playoffs', { cookie, body: { expectedVersion: 10, action: 'results', final: finalScores } }))).status).toBe(200);
    expect((await standings()).body.season!.playoffs.champion).toBe(final[0]!.team);

    // The season is kept under its own run: once the content rolls (the same session ids a year on),
    // the next season starts with no qualifiers, bracket or champion of this one.
    const rolled = fixtureLeague.sessions.map((session) => ({ id: session.id, startDate: session.startDate.replace(/^(\d{4})/, (year) => String(Number(year) + 1)) }));
    expect(seasonRunId(rolled)).not.toBe(currentSeason);
    const [, nextSeason] = await readPublicViews(playId(rolled.find((session) => session.id === 'winter')!), seasonRunId(rolled));
    expect(nextSeason).toBeNull();
    const [, thisSeason] = await readPublicViews(playId(fixtureLeague.sessions.find((session) => session.id === 'winter')!), currentSeason);
    expect(thisSeason).toMatchObject({ playoffs: { champion: final[0]!.team } });
  });
});
