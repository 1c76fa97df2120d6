// The staff inbox's changes to an event request: PATCH /api/admin/event-bookings/:id against the real
// store — its guards and refusals, the change and its history, concurrent edits, and a request stored
// before requests had a status.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import bookingsFunction, { config as bookingsConfig } from '../../netlify/functions/admin-event-requests';
import databaseStatsFunction from '../../netlify/functions/admin-database-stats';
import { databaseStatsAnswer } from '../../src/features/staff/contract/admin-database-stats';
import sendEventRequest from '../../netlify/functions/event-request';
import { eventRequest, eventRequestsAnswer, type EventRequest } from '../../src/features/event-requests/contract/admin-event-requests';
import { EVENT_REQUEST_CHANGE_MESSAGES } from '../../src/features/event-requests/contract/request-change';
import { MALFORMED_ADDRESS } from '../../src/shared/server/request';
import { routed } from '../support/function-context';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, clearStore, restoreStoreEnv, useCountingBridge, useDeadStore, withRedis } from './api-helpers';
import { SAMPLE_EVENT_REQUEST } from '../support/sample-requests';

const bookings = routed(bookingsFunction, bookingsConfig);

const booking = { ...SAMPLE_EVENT_REQUEST, eventDate: '2026-12-18', additionalRequests: 'Pizza for everyone — und Käse' };

async function storeBooking(): Promise<EventRequest> {
  const response = await sendEventRequest(apiRequest('/api/event-booking', { body: booking }), { ip: '198.51.100.30' });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return eventRequest.parse(JSON.parse((await withRedis((client) => client.get(`events:req:${id}`)))!));
}

describe('PATCH /api/admin/event-bookings/:id', () => {
  let cookie = '';
  beforeEach(async () => {
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    await clearStore();
    cookie = await adminCookie();
  });
  afterEach(() => {
    restoreStoreEnv();
    vi.restoreAllMocks();
  });

  const patch = (id: string, body: unknown, options: { cookie?: string; origin?: string | null } = {}) =>
    bookings(apiRequest(`/api/admin/event-bookings/${id}`, { method: 'PATCH', body, cookie: options.cookie ?? cookie, ...(options.origin !== undefined ? { origin: options.origin } : {}) }));
  const list = async () => eventRequestsAnswer.parse(await (await bookings(apiRequest('/api/admin/event-bookings', { cookie }))).json());
  const stored = async (id: string) => JSON.parse((await withRedis((client) => client.get(`events:req:${id}`)))!) as Record<string, unknown>;

  it('stores a new request as new, without notes or history', async () => {
    const request = await storeBooking();
    expect(request).toMatchObject({ ...booking, status: 'new', notes: '', history: [] });
  });

  it('refuses without a session (401), from another origin (403) and other methods (405), changing nothing', async () => {
    const request = await storeBooking();
    const before = await stored(request.id);
    const anonymous = await patch(request.id, { status: 'contacted' }, { cookie: '' });
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { error: 'Authentication required' }]);
    const foreign = await patch(request.id, { status: 'contacted' }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      const refused = await bookings(apiRequest(`/api/admin/event-bookings/${request.id}`, { method, cookie, ...(method === 'GET' ? {} : { body: { status: 'contacted' } }) }));
      expect([refused.status, refused.headers.get('allow')], method).toEqual([405, 'PATCH']);
    }
    const collection = await bookings(apiRequest('/api/admin/event-bookings', { method: 'PATCH', cookie, body: { status: 'contacted' } }));
    expect([collection.status, collection.headers.get('allow')]).toEqual([405, 'GET']);
    expect(await stored(request.id)).toEqual(before);
  });

  it('answers a bad body with a JSON error (400), an unknown id with 404, changing nothing', async () => {
    const request = await storeBooking();
    const before = await stored(request.id);
    const cases: Array<[unknown, Record<string, string>]> = [
      [{}, { _form: EVENT_REQUEST_CHANGE_MESSAGES.nothing }],
      [{ status: 'done' }, { status: EVENT_REQUEST_CHANGE_MESSAGES.status }],
      [{ notes: 'x'.repeat(2001) }, { notes: EVENT_REQUEST_CHANGE_MESSAGES.notes }],
      [{ status: 'contacted', notes: ['x'] }, { notes: EVENT_REQUEST_CHANGE_MESSAGES.notes }],
    ];
    for (const [body, fields] of cases) {
      const response = await patch(request.id, body);
      expect([response.status, await response.json()], JSON.stringify(body).slice(0, 40)).toEqual([400, { error: Object.values(fields)[0], fields }]);
    }
    const malformed = await bookings(apiRequest(`/api/admin/event-bookings/${request.id}`, { method: 'PATCH', cookie, rawBody: '{"status":' }));
    expect([malformed.status, await malformed.json()]).toEqual([400, { error: 'The request body is not valid JSON.' }]);
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not%20an%20id', 'a'.repeat(65)]) {
      const unknown = await patch(id, { status: 'contacted' });
      expect([unknown.status, await unknown.json()], id).toEqual([404, { error: 'Event request not found.' }]);
    }
    const broken = await patch('%ZZ', { status: 'contacted' });
    expect([broken.status, await broken.json()]).toEqual([400, { error: MALFORMED_ADDRESS }]);
    expect(await stored(request.id)).toEqual(before);
    expect(await withRedis((client) => client.keys('events:req:*'))).toEqual([`events:req:${request.id}`]);
  });

  it('changes the status and the notes, keeps every other field, and records each change with its time', async () => {
    const request = await storeBooking();
    const contacted = await patch(request.id, { status: 'contacted' });
    expect(contacted.status).toBe(200);
    expect(contacted.headers.get('cache-control')).toBe('no-store');
    const first = eventRequest.parse(await contacted.json());
    expect(first).toMatchObject({ ...booking, id: request.id, submittedAt: request.submittedAt, status: 'contacted', notes: '' });
    expect(first.history).toHaveLength(1);
    expect(first.history[0]).toEqual({ at: expect.any(String), status: 'contacted' });
    expect(Date.now() - Date.parse(first.history[0]!.at)).toBeLessThan(60_000);

    const noted = eventRequest.parse(await (await patch(request.id, { status: 'contacted', notes: 'Left a voicemail.\nCall back Friday.' })).json());
    expect(noted.history.map(({ status, notesChanged }) => ({ status, notesChanged }))).toEqual([
      { status: 'contacted', notesChanged: undefined },
      { status: undefined, notesChanged: true },
    ]);
    // Nothing differs: no entry.
    const same = eventRequest.parse(await (await patch(request.id, { notes: 'Left a voicemail.\nCall back Friday.' })).json());
    expect(same.history).toHaveLength(2);
    const both = eventRequest.parse(await (await patch(request.id, { status: 'confirmed', notes: '' })).json());
    expect(both.history.at(-1)).toEqual({ at: expect.any(String), status: 'confirmed', notesChanged: true });

    const [listed] = await list();
    expect(listed).toEqual(both);
    expect(listed).toMatchObject({ ...booking, status: 'confirmed', notes: '' });
    expect(Object.keys(await stored(request.id)).sort()).toEqual(Object.keys(request).sort());
  });

  it('keeps every field and every change under 50 concurrent edits', async () => {
    const request = await storeBooking();
    const statuses = ['contacted', 'confirmed'] as const;
    // Every edit changes the notes (each its own text); every other one also sets a status.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => patch(request.id, index % 2 === 0 ? { notes: `Note ${index}` } : { status: statuses[index % 4 === 1 ? 0 : 1], notes: `Note ${index}` })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 50 }, () => 200));
    const final = eventRequest.parse(await stored(request.id));
    const { status: _status, notes: _notes, history: _history, ...original } = request;
    expect(final).toMatchObject(original);
    expect(final.history).toHaveLength(50);
    expect(final.history.every((entry) => entry.notesChanged === true)).toBe(true);
    expect(final.notes).toMatch(/^Note \d+$/);
    expect(final.status).toBe(final.history.findLast((entry) => entry.status)?.status ?? 'new');
  });

  it('reads and changes a request stored before requests had a status', async () => {
    const old = { id: 'legacy-req-1', ...booking, additionalRequests: '', submittedAt: '2025-10-01T15:00:00.000Z' };
    await withRedis(async (client) => {
      await client.multi().set(`events:req:${old.id}`, JSON.stringify(old)).zAdd('events:reqs', { score: Date.parse(old.submittedAt), value: old.id }).exec();
    });
    expect(await list()).toEqual([{ ...old, status: 'new', notes: '', history: [] }]);
    const changed = eventRequest.parse(await (await patch(old.id, { notes: 'Asked about the date.' })).json());
    expect(changed).toEqual({ ...old, status: 'new', notes: 'Asked about the date.', history: [{ at: expect.any(String), notesChanged: true }] });
    expect(await stored(old.id)).toEqual(changed);
  });

  it('counts the new requests in the dashboard statistics', async () => {
    const newStats = async () => databaseStatsAnswer.parse(await (await databaseStatsFunction(apiRequest('/api/admin/database-stats', { cookie }))).json()).newEventRequests;
    expect(await newStats()).toBe(0);
    const [first] = [await storeBooking(), await storeBooking(), await storeBooking()];
    expect(await newStats()).toBe(3);
    expect((await patch(first!.id, { status: 'contacted' })).status).toBe(200);
    expect(await newStats()).toBe(2);
  });

  it('changes a request in one store round trip', async () => {
    const request = await storeBooking();
    const bridge = await useCountingBridge();
    try {
      await patch(request.id, { notes: 'warm up' }); // the first call on a Redis server loads the script
      const before = bridge.requestCount;
      expect((await patch(request.id, { status: 'archived' })).status).toBe(200);
      expect(bridge.requestCount - before).toBe(1);
    } finally {
      await bridge.close();
    }
  });

  it('answers 503 when the store is down, without internal text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await useDeadStore();
    const response = await patch('00000000-0000-0000-0000-000000000000', { status: 'contacted' });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'The service is temporarily unavailable. Please try again in a few minutes.' });
  });
});
