// Part 1: more than 5,000 bad requests to every /api endpoint, over HTTP with 12 in flight. Each must
// get the right 4xx (never a 5xx) with a readable JSON error, and the store must be exactly as it was
// afterwards, but for rate-limit and login-failure counters and the idempotency keys of the correctly
// signed webhooks the fuzz sent on purpose.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFunctionHost } from '../../dev/function-host';
import { ADMIN_JWT_SECRET, type Harness } from './harness';
import { mapLimit, NetworkError } from './http';
import type { FuzzCase } from './fuzz/case';
import type { QuoteContext } from './fuzz/quote-cases';
import { quoteToken } from '../../src/features/event-requests/server/quotes';
import { allCases } from './fuzz/cases';
import { checkAnswer } from './fuzz/check';
import { functionFiles } from '../support/function-paths';
import { sampleLeagueEntry as leagueEntry } from '../support/sample-requests';
import { projectRoot } from './runtime';
import { diffSnapshots, snapshot, type Snapshot } from './store';

const IN_FLIGHT = 12;

interface Setup {
  before: Snapshot;
  cases: FuzzCase[];
  legitimateEventIds: string[];
}

function table(rows: Array<[string, number]>, title: string): string {
  const width = Math.max(...rows.map(([name]) => name.length), title.length);
  return [`${title.padEnd(width)} | requests`, `${'-'.repeat(width)}-|---------`, ...rows.map(([name, count]) => `${name.padEnd(width)} | ${String(count).padStart(8)}`)].join('\n');
}

export function fuzzSuite(harness: () => Harness): void {
  describe('fuzz', () => {
    let setup: Setup;
    let failures: string[] = [];

    beforeAll(async () => {
      const h = harness();
      const call = h.call.bind(h);
      // Real data the bad requests must leave alone: bookings, a paid registration (whose webhook was
      // processed: the replays), a pending one with its Checkout session still open, and event quotes.
      const eventRequestIds: string[] = [];
      for (const email of ['kept.one@example.com', 'kept.two@example.com']) {
        const booked = await call('fuzz', 'POST', '/api/event-booking', {
          body: { firstName: 'Kept', lastName: 'Booking', phone: '6085550100', email, occasion: 'Birthday', partySize: 8, eventDate: '2026-06-01', startTime: '6:00 PM', endTime: '9:00 PM' },
        });
        expect(booked.status).toBe(201);
        eventRequestIds.push(String((booked.json as { id: string }).id));
      }
      // Quotes they must leave alone too: one waiting for its deposit, one whose deposit was paid.
      const quoteDrafts = {
        sent: { date: '2031-12-05', start: '18:00', end: '21:00', spaces: ['bunker'], guests: 18, packages: [{ id: 'front-nine', guests: 18 }], extras: [] },
        confirmed: { date: '2031-12-12', start: '18:00', end: '21:00', spaces: ['back-9-lounge'], guests: 30, packages: [], extras: [{ label: 'DJ', amountCents: 25_000 }] },
      };
      const quotes = {} as QuoteContext['quotes'];
      for (const [state, draft] of Object.entries(quoteDrafts) as Array<[keyof typeof quoteDrafts, (typeof quoteDrafts)[keyof typeof quoteDrafts]]>) {
        const booked = await call('fuzz', 'POST', '/api/event-booking', {
          body: { firstName: 'Kept', lastName: 'Quote', phone: '6085550100', email: `quoted.${state}@example.com`, occasion: 'Company party', partySize: draft.guests, eventDate: draft.date, startTime: '6:00 PM', endTime: '9:00 PM' },
        });
        const id = String((booked.json as { id: string }).id);
        const quoted = await call('fuzz', 'POST', `/api/admin/event-quotes/${id}`, { body: draft, cookie: h.adminCookie });
        expect(quoted.status, quoted.text).toBe(200);
        quotes[state] = { id, token: quoteToken(id), draft };
      }
      const depositPage = await call('fuzz', 'POST', `/api/event-quote/${quotes.confirmed.id}/${quotes.confirmed.token}/pay`, { body: { purpose: 'deposit' } });
      expect(depositPage.status, depositPage.text).toBe(200);
      await h.emulator.completeCheckout(String((depositPage.json as { url: string }).url).split('/').at(-1)!, { email: 'quoted.confirmed@example.com' });
      expect((await call('fuzz', 'GET', `/api/event-quote/${quotes.confirmed.id}/${quotes.confirmed.token}`)).json).toMatchObject({ status: 'confirmed' });
      const paid = await call('fuzz', 'POST', '/api/league-registration-multi', { body: { sessionRegistrations: [leagueEntry('fall', 'kept-paid'), leagueEntry('winter', 'kept-paid')] } });
      expect(paid.status).toBe(200);
      const paidSession = String((paid.json as { checkoutUrl: string }).checkoutUrl).split('/').at(-1)!;
      const { events } = await h.emulator.completeCheckout(paidSession, { email: 'ann.kept-paid@example.com' });
      const processed = events.find((event) => event.type === 'checkout.session.completed')!;
      expect(h.emulator.state.deliveries.filter((delivery) => delivery.eventId === processed.id).map((delivery) => delivery.status)).toEqual([200]);
      const open = await call('fuzz', 'POST', '/api/league-registration-multi', { body: { sessionRegistrations: [leagueEntry('spring', 'kept-open')] } });
      expect(open.status).toBe(200);
      const openSession = String((open.json as { checkoutUrl: string }).checkoutUrl).split('/').at(-1)!;
      const registrationIds = h.emulator.state.sessions.get(paidSession)!.metadata['registrationIds']!;

      const { cases, legitimateEventIds } = allCases({
        origin: h.origin,
        jwtSecret: ADMIN_JWT_SECRET,
        realToken: h.adminCookie.slice('admin_session='.length),
        adminCookie: h.adminCookie,
        registrationId: registrationIds.split(',')[0]!,
        eventRequestId: eventRequestIds[0]!,
        quotes,
        secret: h.emulator.webhookSecret,
        processedEvent: JSON.stringify(processed, null, 2),
        openSessionId: openSession,
        openRegistrationIds: h.emulator.state.sessions.get(openSession)!.metadata['registrationIds']!,
      });
      // The setup's messages go out after their answers; the snapshot is taken once they are sent.
      const deadline = Date.now() + 30_000;
      while ((await h.redis.withClient((client) => client.zCard('mail:queue'))) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      const before = await h.redis.withClient(snapshot);
      setup = { before, cases, legitimateEventIds };
    });

    it('covers every /api function with at least 5,000 bad requests', async () => {
      const host = await loadFunctionHost(join(projectRoot, 'netlify', 'functions'));
      // Scheduled functions have no public path: only the scheduler can call them.
      const perFunction = new Map(host.functions.filter((fn) => fn.schedule === undefined).map((fn) => [fn.name, 0]));
      const perCategory = new Map<string, number>();
      for (const fuzzCase of setup.cases) {
        const fn = host.match(fuzzCase.request.method, new URL(fuzzCase.request.path, 'http://localhost').pathname)?.fn.name;
        if (fn) perFunction.set(fn, perFunction.get(fn)! + 1);
        perCategory.set(fuzzCase.category, (perCategory.get(fuzzCase.category) ?? 0) + 1);
      }
      console.log(`\n${table([...perCategory], 'fuzz category')}\n\n${table([...perFunction], 'function')}\n`);
      expect(setup.cases.length).toBeGreaterThanOrEqual(5000);
      expect([...perFunction].filter(([, count]) => count < 5).map(([name]) => name)).toEqual([]);
      // Every function with a public path was loaded and counted, none missed.
      expect([...perFunction.keys()].sort()).toEqual(functionFiles().filter((file) => file.schedule === null).map((file) => file.name.replace(/\.ts$/, '')).sort());
    });

    it('answers each with the right 4xx and a JSON error a visitor can read: no 5xx, no internal text, never a hang', async () => {
      const h = harness();
      const outcomes = await mapLimit(setup.cases, IN_FLIGHT, async (fuzzCase) => {
        try {
          const answer = await h.http.send('fuzz', fuzzCase.request);
          const problems = checkAnswer(fuzzCase.expect, answer);
          return problems.length > 0 ? `[${fuzzCase.category}] ${fuzzCase.label}: ${problems.join('; ')}` : null;
        } catch (error) {
          if (error instanceof NetworkError) return `[${fuzzCase.category}] ${fuzzCase.label}: ${error.message}`;
          throw error;
        }
      });
      failures = outcomes.filter((outcome): outcome is string => outcome !== null);
      expect(failures.slice(0, 40), `${failures.length} of ${setup.cases.length} requests answered wrongly`).toEqual([]);
      expect(h.recorder.counts.fuzz['5xx']).toBe(0);
    });

    it('stored nothing: the store is as before, but for rate-limit and login-failure counters and the signed events acknowledged', async () => {
      const h = harness();
      const legitimate = new Set(setup.legitimateEventIds.map((id) => `stripe:event:${id}`));
      const after = await h.redis.withClient(snapshot);
      const diff = diffSnapshots(setup.before, after, (key) => /^ratelimit:/.test(key) || /^admin:login:fail:/.test(key) || legitimate.has(key));
      // Lost: any record present before and gone or altered now.
      h.recorder.lost('fuzz', diff.removed.length + diff.changed.length);
      expect(diff).toEqual({ added: [], removed: [], changed: [] });
      // The signed events the site has nothing to do for are recorded as done (each processed once).
      for (const key of legitimate) expect(after.get(key), key).toBe('string:"done"');
    });
  });
}
