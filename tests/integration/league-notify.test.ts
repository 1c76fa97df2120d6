// The league's notify-me list: a visitor leaves an address while no session takes registrations, and
// the scheduled function e-mails every address once, through the outbox, when a session opens, and
// again when next season's opens — read at an injected calendar clock against the fixture season
// (tests/support/league-fixture.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import leagueNotify from '../../netlify/functions/league-notify';
import openingNotices from '../../netlify/functions/league-opening-notices';
import { NOTICE_LIST_KEY } from '../../src/features/league/server/notice-list';
import { fixtureLeague, FIXTURE_ALL_OPEN, FIXTURE_SPRING_CLOSES } from '../support/league-fixture';
import { leagueSchema } from '../../src/features/league/rules/league';
import { openingNoticeMessage } from '../../src/features/league/mail/opening-notice';
import { queueOpeningNotices } from '../../src/features/league/server/opening-notices';
import { apiRequest, clearStore, withRedis } from './api-helpers';
import { useMailCatcher } from './mail-helpers';

const mail = useMailCatcher();
const DAY = 86_400_000;

const signUp = (email: unknown, ip = '198.51.100.70') => leagueNotify(apiRequest('/api/league-notify', { body: { email } }), { ip });
const scheduledRun = () => openingNotices(new Request('https://verona.example/.netlify/functions/league-opening-notices', { method: 'POST', body: '{"next_run":"2026-01-01T00:15:00Z"}' }));
const waiting = () => withRedis(async (redis) => Object.keys(await redis.hGetAll(NOTICE_LIST_KEY)).sort());

describe('the notify-me list', () => {
  const calendar = process.env['CALENDAR_NOW'];
  beforeEach(async () => {
    await clearStore();
    mail.catcher.clear();
  });
  afterEach(() => {
    process.env['CALENDAR_NOW'] = calendar;
  });

  it('keeps each address once (lower-case), refuses a bad one with the form’s message, and limits a connection', async () => {
    expect([(await signUp('Casey@Example.com')).status, (await signUp('casey@example.com')).status]).toEqual([201, 201]);
    const bad = await signUp('not-an-address');
    expect([bad.status, await bad.json()]).toEqual([400, { error: 'Valid email is required', fields: { email: 'Valid email is required' } }]);
    expect(await waiting()).toEqual(['casey@example.com']);
    // Five sign-ups per connection per ten minutes (the bad one counted nothing: it never reached the store).
    for (const index of [1, 2, 3]) expect((await signUp(`guest${index}@example.com`)).status).toBe(201);
    const over = await signUp('guest4@example.com');
    expect([over.status, (await over.json()).error]).toEqual([429, 'Too many sign-ups from your connection. Please wait a few minutes or call us.']);
    expect(await waiting()).toHaveLength(4);
  });

  it('sends nothing while no session is open, then one e-mail per address when one opens, through the outbox, and again next season', async () => {
    await signUp('ann@example.com');
    await signUp('bo@example.com', '198.51.100.71');

    process.env['CALENDAR_NOW'] = FIXTURE_SPRING_CLOSES.toISOString();
    expect((await scheduledRun()).status).toBe(204);
    expect(await mail.catcher.messages()).toEqual([]);
    expect(await waiting()).toEqual(['ann@example.com', 'bo@example.com']);

    process.env['CALENDAR_NOW'] = FIXTURE_ALL_OPEN.toISOString();
    expect((await scheduledRun()).status).toBe(204);
    const sent = await mail.catcher.messages();
    expect(sent.map((message) => message.to.join()).sort()).toEqual(['ann@example.com', 'bo@example.com']);
    expect(sent[0]!.subject).toMatch(/^League registration is open – /);
    expect(sent[0]!.text).toContain('Fall Session: Sep 29 - Nov 19, 2025, registration open until the end of Monday, September 29, 2025');
    expect(sent[0]!.text).toContain('Register your team: https://verona.example/league-registration');
    expect(await waiting()).toEqual([]);
    const statuses = await withRedis((redis) => redis.hGetAll('mail:status'));
    expect(statuses).toEqual({ 'league-opening:fall@2025-09-29:ann@example.com': 'sent', 'league-opening:fall@2025-09-29:bo@example.com': 'sent' });

    // A later run, and an address that signs up again for the same opening, send nothing more.
    await signUp('ann@example.com');
    expect((await scheduledRun()).status).toBe(204);
    expect(await mail.catcher.messages()).toHaveLength(2);
    expect(await waiting()).toEqual([]);

    // Next season (the same session ids, a year on): an address on the list again is told again.
    await signUp('ann@example.com');
    const nextSeason = leagueSchema.parse(JSON.parse(JSON.stringify(fixtureLeague).replace(/\b20(2\d)\b/g, (_, year: string) => `20${Number(year) + 1}`)));
    const queued = await queueOpeningNotices((email, sessions) => openingNoticeMessage(email, sessions, 'https://verona.example'), { league: nextSeason, calendar: new Date(FIXTURE_ALL_OPEN.getTime() + 365 * DAY) });
    expect(queued).toEqual(['league-opening:fall@2026-09-29:ann@example.com']);
    expect(await withRedis((redis) => redis.hGet('mail:status', queued[0]!))).toBe('queued');
    expect(await waiting()).toEqual([]);
  });
});
