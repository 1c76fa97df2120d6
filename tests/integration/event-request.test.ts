import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import listBookings from '../../netlify/functions/admin-event-requests';
import eventRequest from '../../netlify/functions/event-request';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, clearStore, restoreStoreEnv, useCountingBridge, useDeadStore, withRedis } from './api-helpers';
import { SAMPLE_EVENT_REQUEST } from '../support/sample-requests';

const booking = SAMPLE_EVENT_REQUEST;

const post = (body: unknown, ip = '198.51.100.7') => eventRequest(apiRequest('/api/event-booking', { body }), { ip });

describe('POST /api/event-booking', () => {
  beforeEach(async () => {
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    await clearStore();
  });
  afterEach(() => {
    restoreStoreEnv();
    vi.restoreAllMocks();
  });

  it('stores the request and answers 201 with its id; the staff inbox lists it newest first', async () => {
    const first = await post(booking);
    expect(first.status).toBe(201);
    const { ok, id } = await first.json();
    expect(ok).toBe(true);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    const second = await (await post({ ...booking, firstName: 'Alex', partySize: '3', additionalRequests: undefined })).json();

    const response = await listBookings(apiRequest('/api/admin/event-bookings', { cookie: await adminCookie() }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const list = await response.json();
    expect(list.map((item: { id: string }) => item.id)).toEqual([second.id, id]);
    expect(list[1]).toMatchObject({ ...booking, id, partySize: 24 });
    expect(list[0]).toMatchObject({ firstName: 'Alex', partySize: 3, additionalRequests: '' });
    expect(typeof list[0].submittedAt).toBe('string');
  });

  it('answers each rule with the spec message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: 'J' }, 'firstName', 'First name must be at least 2 characters'],
      [{ lastName: 'R' }, 'lastName', 'Last name must be at least 2 characters'],
      [{ phone: '555-0142' }, 'phone', 'Phone number must be at least 10 digits'],
      [{ email: 'jamie@' }, 'email', 'Please enter a valid email address'],
      [{ occasion: '' }, 'occasion', 'Please specify the occasion'],
      [{ partySize: 0 }, 'partySize', 'Party size must be at least 1 person'],
      [{ eventDate: '' }, 'eventDate', 'Please select an event date'],
      [{ startTime: '' }, 'startTime', 'Please select a start time'],
      [{ endTime: '' }, 'endTime', 'Please select an end time'],
    ];
    for (const [change, field, message] of cases) {
      const response = await post({ ...booking, ...change });
      expect(response.status, field).toBe(400);
      expect(await response.json()).toEqual({ error: message, fields: { [field]: message } });
    }
    expect(await withRedis((client) => client.zCard('events:reqs'))).toBe(0);
  });

  it('answers 400 for malformed JSON, 415 for another content type, 413 for an oversized body, 405 for GET', async () => {
    const malformed = await eventRequest(apiRequest('/api/event-booking', { rawBody: '{"firstName":' }));
    expect([malformed.status, (await malformed.json()).error]).toEqual([400, 'The request body is not valid JSON.']);
    const text = await eventRequest(apiRequest('/api/event-booking', { rawBody: 'hello', headers: { 'content-type': 'text/plain' } }));
    expect(text.status).toBe(415);
    const huge = await post({ ...booking, additionalRequests: 'x'.repeat(20_000) });
    expect(huge.status).toBe(413);
    const get = await eventRequest(apiRequest('/api/event-booking'));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('accepts a filled honeypot without storing it', async () => {
    const response = await post({ ...booking, website: 'http://spam.example' });
    expect(response.status).toBe(201);
    expect((await response.json()).ok).toBe(true);
    expect(await withRedis((client) => client.zCard('events:reqs'))).toBe(0);
  });

  it('limits each IP to 10 requests per 10 minutes (429), other IPs unaffected', async () => {
    for (let i = 0; i < 10; i += 1) expect((await post(booking, '203.0.113.50')).status).toBe(201);
    const limited = await post(booking, '203.0.113.50');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    expect((await limited.json()).error).toMatch(/Too many booking requests/);
    // The window ends 10 minutes after the first request: the counter expires with it.
    const left = await withRedis((client) => client.pTTL('ratelimit:event-booking:203.0.113.50'));
    expect(left).toBeGreaterThan(590_000);
    expect(left).toBeLessThanOrEqual(600_000);
    expect((await post(booking, '203.0.113.51')).status).toBe(201);
    expect(await withRedis((client) => client.zCard('events:reqs'))).toBe(11);
  });

  it('stores exactly the limit when many requests from one IP arrive at once (counting and storing are one step)', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, () => post(booking, '203.0.113.55')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect(await withRedis((client) => client.zCard('events:reqs'))).toBe(10);
    expect(await withRedis((client) => client.keys('events:req:*'))).toHaveLength(10);
  });

  it('takes the per-IP count from EVENT_BOOKING_RATE_LIMIT', async () => {
    process.env['EVENT_BOOKING_RATE_LIMIT'] = '2';
    try {
      expect((await post(booking, '203.0.113.60')).status).toBe(201);
      expect((await post(booking, '203.0.113.60')).status).toBe(201);
      expect((await post(booking, '203.0.113.60')).status).toBe(429);
    } finally {
      delete process.env['EVENT_BOOKING_RATE_LIMIT'];
    }
  });

  it('counts and stores a request in one store round trip (one script)', async () => {
    const bridge = await useCountingBridge();
    try {
      await post(booking, '192.0.2.1'); // the first call on a Redis server loads the script
      const before = bridge.requestCount;
      expect((await post(booking, '192.0.2.1')).status).toBe(201);
      expect(bridge.requestCount - before).toBe(1);
    } finally {
      await bridge.close();
    }
  });

  it('answers 503 when the store is down, without internal text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await useDeadStore();
    const response = await post(booking);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'The service is temporarily unavailable. Please try again in a few minutes.' });
  });
});
