// Part 3: load, with autocannon against the local runtime.
//   - 2,000 booking requests over 50 connections, each body unique: 2,000 answered 201, 2,000 stored
//     (each answered id has its record and is in the index), none lost, no errors.
//   - 200 league checkouts at once (200 connections, one team each): all stored pending with their
//     Checkout session; each paid in the emulator, whose webhook completes them all.
//   - 500 bay holds over 50 connections for the same evening: each answered 200 (held) or 409 (taken),
//     no 5xx; every held booking paid is confirmed, and no two bookings of a bay overlap.
import autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import { sampleBooking as booking, sampleLeagueEntry as leagueEntry } from '../support/sample-requests';
import type { Harness } from './harness';
import { mapLimit } from './http';
import { bookingLayout, leagueLayout } from './store';
import type { BayDay } from '../../src/features/bay-booking/contract/admin-bay-bookings';
import { nextBookableDay } from '../support/bay-dates';

const BOOKINGS = 2000;
const BOOKING_CONNECTIONS = 50;
const TEAMS = 200;
const BAY_HOLDS = 500;
const BAY_CONNECTIONS = 50;
const EVENING_STARTS = ['17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00'];

/** A Friday evening (open until 22:00). */
const loadEvening = () => nextBookableDay('Friday');
const SESSIONS = ['fall', 'winter', 'spring'];
const DAYS = ['monday', 'tuesday', 'wednesday'];
const SLOTS = ['6pm', '8pm'];

function record(h: Harness, result: autocannon.Result): void {
  h.recorder.recordBulk('load', { '2xx': result['2xx'], '3xx': result['3xx'], '4xx': result['4xx'], '5xx': result['5xx'], network: result.errors });
}

/**
 * POSTs `amount` JSON bodies (body(1), body(2), …) to the runtime over `connections` connections,
 * with the site's Origin, handing each answer to `onAnswer`; the answers are recorded for the summary.
 */
async function postEach(
  h: Harness,
  path: string,
  options: { connections: number; amount: number; timeout: number; body: (sent: number) => unknown; onAnswer: (status: number, body: string) => void },
): Promise<autocannon.Result> {
  let sent = 0;
  const result = await autocannon({
    url: `${h.http.base}${path}`,
    method: 'POST',
    connections: options.connections,
    amount: options.amount,
    timeout: options.timeout,
    headers: { 'content-type': 'application/json', origin: h.origin },
    requests: [
      {
        setupRequest: (request) => {
          sent += 1;
          return { ...request, body: JSON.stringify(options.body(sent)) };
        },
        onResponse: options.onAnswer,
      },
    ],
  });
  record(h, result);
  return result;
}

/** Team `index`'s registration: 1–3 sessions, spread over every tee time (no capacity is set; if one is, none fills). */
function team(index: number) {
  const sessions = SESSIONS.slice(0, 1 + (index % 3));
  return {
    sessionRegistrations: sessions.map((session, position) => ({
      ...leagueEntry(session, `load-${index}`),
      teeTimeDay: DAYS[(index + position) % DAYS.length]!,
      teeTimeSlot: SLOTS[Math.floor(index / 3) % SLOTS.length]!,
    })),
  };
}

export function loadSuite(harness: () => Harness): void {
  describe('load', () => {
    it(`${BOOKINGS} booking requests over ${BOOKING_CONNECTIONS} connections: all answered 201 and stored, none lost, no errors`, async () => {
      const h = harness();
      const before = await h.redis.withClient(bookingLayout);
      const answered: string[] = [];
      const result = await postEach(h, '/api/event-booking', {
        connections: BOOKING_CONNECTIONS,
        amount: BOOKINGS,
        timeout: 60,
        body: (sent) => booking(`load-${sent}`),
        onAnswer: (status, body) => {
          if (status === 201) answered.push(String((JSON.parse(body) as { id: unknown }).id));
        },
      });
      console.log(`bookings: ${result['2xx']} answered 2xx in ${result.duration.toFixed(1)} s (${(result.requests.total / result.duration).toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms)`);

      const after = await h.redis.withClient(bookingLayout);
      const lost = answered.filter((id) => !after.records.has(id) || !after.indexed.has(id));
      h.recorder.lost('load', lost.length);
      expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, '2xx': result['2xx'] }).toEqual({ errors: 0, timeouts: 0, non2xx: 0, '2xx': BOOKINGS });
      expect(new Set(answered).size).toBe(BOOKINGS);
      expect(lost).toEqual([]);
      expect(after.indexed.size - before.indexed.size).toBe(BOOKINGS);
      expect({ indexedWithoutRecord: after.indexedWithoutRecord, recordsWithoutIndex: after.recordsWithoutIndex }).toEqual({ indexedWithoutRecord: [], recordsWithoutIndex: [] });
      // The staff inbox (admin API) lists them all.
      const inbox = await h.call('load', 'GET', '/api/admin/event-bookings', { cookie: h.adminCookie });
      const listed = new Set((inbox.json as Array<{ id: string }>).map((item) => item.id));
      expect(answered.filter((id) => !listed.has(id))).toEqual([]);
    });

    it(`${TEAMS} league checkouts at once: all stored pending, all completed after their webhooks`, async () => {
      const h = harness();
      const sessions: string[] = [];
      const result = await postEach(h, '/api/league-registration-multi', {
        connections: TEAMS,
        amount: TEAMS,
        timeout: 120,
        body: (sent) => team(sent),
        onAnswer: (status, body) => {
          if (status === 200) sessions.push(String((JSON.parse(body) as { checkoutUrl: unknown }).checkoutUrl).split('/').at(-1) ?? '');
        },
      });
      expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, '2xx': result['2xx'] }).toEqual({ errors: 0, timeouts: 0, non2xx: 0, '2xx': TEAMS });
      expect(new Set(sessions).size).toBe(TEAMS);

      const idsOf = (session: string) => (h.emulator.state.sessions.get(session)?.metadata['registrationIds'] ?? '').split(',').filter(Boolean);
      const ids = sessions.flatMap(idsOf);
      expect(ids.length).toBe(Array.from({ length: TEAMS }, (_, index) => team(index + 1).sessionRegistrations.length).reduce((a, b) => a + b, 0));
      const pending = await h.redis.withClient(leagueLayout);
      expect(pending.problems).toEqual([]);
      expect(ids.filter((id) => !pending.records.has(id) || pending.statuses.get(id) !== 'pending')).toEqual([]);

      // Each team pays; the emulator delivers checkout.session.completed to the site.
      await mapLimit(sessions, 8, (session, index) => h.emulator.completeCheckout(session, { email: `payer.${index}@example.com` }));
      const failedDeliveries = h.emulator.state.deliveries.filter((delivery) => !delivery.ok && sessions.some((session) => h.emulator.state.events.find((event) => event.id === delivery.eventId && (event.data.object as { id?: string }).id === session)));
      expect(failedDeliveries).toEqual([]);

      const listed = await h.call('load', 'GET', '/api/admin/league-registrations', { cookie: h.adminCookie });
      const status = new Map((listed.json as Array<{ id: string; paymentStatus: string }>).map((registration) => [registration.id, registration.paymentStatus]));
      const notCompleted = ids.filter((id) => status.get(id) !== 'completed');
      h.recorder.lost('load', ids.filter((id) => !status.has(id)).length);
      expect(notCompleted).toEqual([]);
      const completed = await h.redis.withClient(leagueLayout);
      expect(completed.problems).toEqual([]);
    });

    it(`${BAY_HOLDS} bay holds over ${BAY_CONNECTIONS} connections for one evening: no 5xx, every paid hold confirmed, no overlap`, async () => {
      const h = harness();
      const date = loadEvening();
      const held: Array<{ url: string; bookingId: string }> = [];
      const statuses: number[] = [];
      const result = await postEach(h, '/api/bay-hold', {
        connections: BAY_CONNECTIONS,
        amount: BAY_HOLDS,
        timeout: 60,
        body: (sent) => ({
          date,
          start: EVENING_STARTS[sent % EVENING_STARTS.length],
          lengthMinutes: 60 + 30 * (sent % 3),
          partySize: 2 + (sent % 5),
          bayType: sent % 4 === 0 ? 'large' : 'standard',
          name: `Load Guest ${sent}`,
          email: `load.${sent}@example.com`,
          phone: '608-555-0100',
        }),
        onAnswer: (status, body) => {
          statuses.push(status);
          if (status === 200) held.push(JSON.parse(body) as { url: string; bookingId: string });
        },
      });
      console.log(`bay holds: ${held.length} held, ${statuses.filter((status) => status === 409).length} refused as taken, in ${result.duration.toFixed(1)} s (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms)`);
      expect({ errors: result.errors, timeouts: result.timeouts, '5xx': result['5xx'] }).toEqual({ errors: 0, timeouts: 0, '5xx': 0 });
      expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
      expect(held.length).toBeGreaterThan(0);

      await mapLimit(held, 8, (hold, index) => h.emulator.completeCheckout(hold.url.split('/').at(-1)!, { email: `load.${index}@example.com` }));
      const day = await h.call('load', 'GET', `/api/admin/bay-bookings/day/${date}`, { cookie: h.adminCookie });
      const bookings = (day.json as BayDay).bookings;
      const confirmed = new Set(bookings.filter((booking) => booking.status === 'confirmed').map((booking) => booking.id));
      expect(held.filter((hold) => !confirmed.has(hold.bookingId))).toEqual([]);
      const overlapping = bookings.flatMap((a, i) =>
        bookings.slice(i + 1).filter((b) => a.bayId === b.bayId && Date.parse(a.startsAt) < Date.parse(b.endsAt) && Date.parse(b.startsAt) < Date.parse(a.endsAt)).map((b) => `${a.id} × ${b.id}`),
      );
      expect(overlapping).toEqual([]);
    });
  });
}
