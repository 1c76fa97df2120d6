// Staff quoting an event request against the real store: the server's price, the tentative hold on
// the bay calendar (the same half-hour keys bay holds claim), a taken space named, withdrawal and
// expiry releasing the hold, and a quote raced against a visitor's bay hold never both winning.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import quotesFunction, { config as quotesConfig } from '../../netlify/functions/admin-event-quotes';
import sendEventRequest from '../../netlify/functions/event-request';
import type { StoredQuote } from '../../src/features/event-requests/quote-record';
import type { PricedQuote } from '../../src/features/event-requests/rules/quote';
import { quoteConfig } from '../../src/features/event-requests/quote-catalogue';
import { expireLapsedQuotes, sendQuote } from '../../src/features/event-requests/server/quotes';
import { quoteRestoreWrites } from '../../src/features/event-requests/server/quotes-family';
import { dayAvailability, holdForGuest } from '../../src/features/bay-booking/server/booking';
import { dayView } from '../../src/features/bay-booking/server/staff';
import { localInstant } from '../../src/features/bay-booking/rules/local-time';
import { SLOT_KEEP_MS } from '../../src/features/bay-booking/server/store';
import type { MailMessage } from '../../src/shared/mail/message';
import { renderMessage } from '../../src/shared/mail/render';
import { routed } from '../support/function-context';
import { nextBookableDay } from '../support/bay-dates';
import { SAMPLE_EVENT_REQUEST } from '../support/sample-requests';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, clearStore, ORIGIN, restoreStoreEnv, useCountingBridge, withRedis } from './api-helpers';

const quotes = routed(quotesFunction, quotesConfig);
const friday = nextBookableDay('Friday');
const ALL_BAYS = ['bay-1', 'bay-2', 'bay-3', 'bay-4', 'bay-5', 'bay-6'];
const draft = (change: Record<string, unknown> = {}) => ({ date: friday, start: '18:00', end: '21:00', spaces: ALL_BAYS, guests: 40, packages: [{ id: 'front-nine', guests: 40 }], extras: [{ label: 'DJ', amountCents: 25_000 }], ...change });
const guest = { name: 'Robin Fairway', email: 'robin@example.com', phone: '608-555-0142' };

async function storeRequest(): Promise<string> {
  const response = await sendEventRequest(apiRequest('/api/event-booking', { body: { ...SAMPLE_EVENT_REQUEST, eventDate: friday } }), { ip: '198.51.100.40' });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const slotValues = (keys: readonly string[]) => withRedis((client) => (keys.length ? client.mGet([...keys]) : Promise.resolve([])));

describe('/api/admin/event-quotes', () => {
  let cookie = '';
  beforeEach(async () => {
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    await clearStore();
    cookie = await adminCookie();
  });
  afterEach(() => restoreStoreEnv());

  const post = (path: string, body: unknown, options: { cookie?: string; origin?: string } = {}) =>
    quotes(apiRequest(`/api/admin/event-quotes${path}`, { method: 'POST', body, cookie: options.cookie ?? cookie, ...(options.origin ? { origin: options.origin } : {}) }));

  it('prices a draft on the server without saving it', async () => {
    const id = await storeRequest();
    const response = await post(`/${id}/preview`, draft());
    const priced = (await response.json()) as PricedQuote;
    expect(response.status).toBe(200);
    expect(priced.totalCents).toBe(5 * 17_700 + 22_500 + 160_000 + 25_000);
    expect(priced.depositCents).toBe(Math.round(priced.totalCents / 2));
    expect(await withRedis((client) => client.get(`events:quote:${id}`))).toBeNull();
  });

  it('saves the quote with its tentative hold on every space and its e-mail to the request’s address, in one round trip; /book then offers none of those bays', async () => {
    const id = await storeRequest();
    const bridge = await useCountingBridge();
    let saved: StoredQuote;
    try {
      const before = bridge.requestCount;
      const response = await post(`/${id}`, draft());
      saved = (await response.json()) as StoredQuote;
      expect(response.status).toBe(200);
      // The session check reads nothing from the store; the save's one script reads the request itself.
      expect(bridge.requestCount - before).toBe(1);
    } finally {
      await bridge.close();
      restoreStoreEnv();
    }
    expect(saved).toMatchObject({ id, status: 'sent', version: 1, name: `${SAMPLE_EVENT_REQUEST.firstName} ${SAMPLE_EVENT_REQUEST.lastName}`, email: SAMPLE_EVENT_REQUEST.email, holdUntil: saved.quote.expiresAt });
    expect(saved.slots).toHaveLength(6 * 6);
    expect(new Set(await slotValues(saved.slots))).toEqual(new Set([`event-${id}|${saved.holdUntil}`]));
    // Each half hour's key lives until a week past its end.
    const lastSlot = saved.slots.at(-1)!;
    const keptUntil = Number(lastSlot.split(':').at(-1)) * 60_000 + 30 * 60_000 + SLOT_KEEP_MS;
    expect(Math.abs(Date.now() + (await withRedis((client) => client.pTTL(lastSlot))) - keptUntil)).toBeLessThan(60_000);
    const sentKey = (await withRedis((client) => client.hKeys('mail:status'))).find((key) => key.startsWith(`event-quote-sent:${id}:`))!;
    const sent = (JSON.parse((await withRedis((client) => client.get(`mail:msg:${sentKey}`)))!) as { message: MailMessage }).message;
    expect(sent.to).toEqual([SAMPLE_EVENT_REQUEST.email]);
    expect(renderMessage(sent).text).toContain(`Hi ${SAMPLE_EVENT_REQUEST.firstName} ${SAMPLE_EVENT_REQUEST.lastName},`);
    const day = await dayAvailability({ date: friday, lengthMinutes: 60, partySize: 4 }, null, Date.now());
    for (const type of day.bayTypes) expect(type.times.filter((time) => time.start >= '18:00' && time.start < '21:00' && time.bays.length > 0)).toEqual([]);
    await expect(holdForGuest({ date: friday, start: '19:00', lengthMinutes: 60, partySize: 4, bayType: 'standard', ...guest }, null, Date.now(), { origin: ORIGIN, client: null })).rejects.toMatchObject({ status: 409 });
    // The staff's day view shows the tentative hold on every bay it takes.
    const staffDay = await dayView(friday, Date.now());
    expect(staffDay.league.filter((block) => block.label.startsWith('Event (tentative hold): Jamie Rivera')).map((block) => [block.bayId, block.start, block.end])).toEqual(ALL_BAYS.map((bay) => [bay, '18:00', '21:00']));
  });

  it('names a space taken by a bay booking and writes nothing', async () => {
    const id = await storeRequest();
    const held = await holdForGuest({ date: friday, start: '19:00', lengthMinutes: 60, partySize: 10, bayType: 'large', ...guest }, null, Date.now(), { origin: ORIGIN, client: null });
    expect(held.record.bayId).toBe('bay-6');
    const response = await post(`/${id}`, draft());
    expect([response.status, await response.json()]).toEqual([409, { error: 'Already taken at that time: Bay 6.', taken: ['bay-6'] }]);
    expect(await withRedis((client) => client.get(`events:quote:${id}`))).toBeNull();
    expect(await withRedis((client) => client.get(`bay:slot:bay-1:${localInstant(friday, 18 * 60) / 60_000}`))).toBeNull();
  });

  it('refuses bad drafts with a clear error and writes nothing', async () => {
    const id = await storeRequest();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ extras: [{ label: 'Discount', amountCents: -500 }] }, /extra line/],
      [{ extras: [{ label: 'Typo', amountCents: 1e12 }] }, /extra line/],
      [{ start: '21:00', end: '23:30' }, /opening hours/],
      [{ spaces: ['bunker'], guests: 21, packages: [] }, /more than the chosen spaces hold \(20\)/],
      [{ spaces: [] }, /at least one space/],
    ];
    for (const [change, message] of cases) {
      const response = await post(`/${id}`, draft(change));
      const body = (await response.json()) as { error: string };
      expect([response.status, body.error], JSON.stringify(change)).toEqual([400, expect.stringMatching(message)]);
    }
    expect(await withRedis((client) => client.keys('events:quote*'))).toEqual([]);
    expect(await withRedis((client) => client.keys('bay:slot:*'))).toEqual([]);
  });

  it('refuses to quote a request without an e-mail address, writing nothing', async () => {
    const id = await storeRequest();
    await withRedis(async (client) => client.set(`events:req:${id}`, JSON.stringify({ ...JSON.parse((await client.get(`events:req:${id}`))!), email: '' })));
    const response = await post(`/${id}`, draft());
    expect([response.status, await response.json()]).toEqual([400, { error: 'The request has no e-mail address a quote can be sent to.' }]);
    expect(await withRedis((client) => client.keys('events:quote*'))).toEqual([]);
    expect(await withRedis((client) => client.keys('bay:slot:*'))).toEqual([]);
    expect((await withRedis((client) => client.hKeys('mail:status'))).filter((key) => key.startsWith('event-quote-sent:'))).toEqual([]);
  });

  it('needs a session and the site origin', async () => {
    const id = await storeRequest();
    expect((await post(`/${id}`, draft(), { cookie: '' })).status).toBe(401);
    expect((await post(`/${id}`, draft(), { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post('/00000000-0000-0000-0000-000000000000', draft())).status).toBe(404);
  });

  it('re-quotes: the earlier version’s half hours are given back and its history keeps both versions', async () => {
    const id = await storeRequest();
    const first = (await (await post(`/${id}`, draft())).json()) as StoredQuote;
    const second = (await (await post(`/${id}`, draft({ spaces: ['back-9-lounge'], guests: 30, packages: [] }))).json()) as StoredQuote;
    expect(second).toMatchObject({ version: 2, status: 'sent' });
    expect(second.history.map((entry) => [entry.change, entry.quote?.spaces])).toEqual([['quoted', ALL_BAYS], ['changed', ['back-9-lounge']]]);
    expect((await slotValues(first.slots)).every((value) => value === null)).toBe(true);
    expect(await slotValues(second.slots)).toEqual(second.slots.map(() => `event-${id}|${second.holdUntil}`));
  });

  it('withdraws a quote: its hold is released, a second withdrawal is refused', async () => {
    const id = await storeRequest();
    const saved = (await (await post(`/${id}`, draft())).json()) as StoredQuote;
    const response = await post(`/${id}/withdraw`, { reason: 'Customer chose another date' });
    expect([response.status, ((await response.json()) as StoredQuote).status]).toEqual([200, 'withdrawn']);
    expect((await slotValues(saved.slots)).every((value) => value === null)).toBe(true);
    expect((await post(`/${id}/withdraw`, {})).status).toBe(409);
    const list = (await (await quotes(apiRequest('/api/admin/event-quotes', { cookie }))).json()) as StoredQuote[];
    expect(list.map((quote) => [quote.id, quote.status])).toEqual([[id, 'withdrawn']]);
  });
});

describe('the tentative hold and the calendar', () => {
  beforeEach(async () => {
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    await clearStore();
  });

  it('expires a lapsed quote: its half hours are free again', async () => {
    const id = await storeRequest();
    const now = Date.now();
    const { saved } = await sendQuote(quoteConfig, id, draft(), ORIGIN, now);
    expect(await expireLapsedQuotes(saved.holdUntil - 1, now)).toEqual({ sessions: [], changed: 0 });
    expect(await expireLapsedQuotes(saved.holdUntil, saved.holdUntil)).toEqual({ sessions: [], changed: 1 });
    expect((await slotValues(saved.slots)).every((value) => value === null)).toBe(true);
    expect(JSON.parse((await withRedis((client) => client.get(`events:quote:${id}`)))!)).toMatchObject({ status: 'expired', holdUntil: 0 });
  });

  it('restores a quote from the data file with the half hours it holds, as the save wrote them', async () => {
    const id = await storeRequest();
    const now = Date.now();
    const { saved } = await sendQuote(quoteConfig, id, draft(), ORIGIN, now);
    const sets = quoteRestoreWrites(saved, now).filter((write) => write[0] === 'SET');
    expect(sets.map((write) => write[1])).toEqual(saved.slots);
    expect(sets.map((write) => write[2])).toEqual(await slotValues(saved.slots));
    expect(quoteRestoreWrites(saved, now)).toContainEqual(['ZADD', 'events:quote:holds', String(saved.holdUntil), id]);
  });

  it('never lets a quote and a visitor’s bay hold both take bay 6 for the same time (raced 50 times)', async () => {
    for (let round = 0; round < 50; round += 1) {
      await clearStore();
      const id = await storeRequest();
      const now = Date.now();
      const [quote, hold] = await Promise.allSettled([
        sendQuote(quoteConfig, id, draft({ spaces: ['bay-6'], guests: 12, packages: [], extras: [] }), ORIGIN, now),
        holdForGuest({ date: friday, start: '19:00', lengthMinutes: 60, partySize: 10, bayType: 'large', ...guest }, null, now, { origin: ORIGIN, client: null }),
      ]);
      expect([quote.status, hold.status].sort(), `round ${round}`).toEqual(['fulfilled', 'rejected']);
    }
  });
});
