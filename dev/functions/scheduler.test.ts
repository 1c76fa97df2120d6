// The scheduler over a host of source functions, with a clock the test moves: when it calls, what it
// sends, and the runtime's control endpoint that runs a function on demand.
import { describe, expect, it } from 'vitest';
import { describeFunctionModule, FunctionHost } from '../function-host';
import { answerControl, SCHEDULED_FUNCTIONS_PATH } from '../runtime/control';
import { Scheduler, UnknownScheduledFunctionError, type SchedulerClock } from './scheduler';

const ORIGIN = 'http://localhost:8888';

interface Call {
  body: unknown;
  userAgent: string | null;
}

function scheduledHost(schedule = '*/5 * * * *') {
  const calls: Call[] = [];
  const fn = describeFunctionModule('tally', 'tally.ts', {
    default: async (request: Request) => {
      calls.push({ body: await request.json(), userAgent: request.headers.get('user-agent') });
      return new Response(null, { status: 204 });
    },
    config: { schedule },
  });
  const plain = describeFunctionModule('ping', 'ping.ts', { default: async () => new Response('pong'), config: { path: '/api/ping' } });
  return { host: new FunctionHost([fn, plain]), calls };
}

/** A clock the test advances by hand; timers fire when their time is reached. */
function manualClock(startIso: string) {
  let now = new Date(startIso).getTime();
  const timers = new Map<number, { at: number; run: () => void }>();
  let nextId = 1;
  const clock: SchedulerClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (id) => timers.delete(id as number),
  };
  return {
    clock,
    pending: () => [...timers.values()].map((timer) => new Date(timer.at).toISOString()),
    /** Moves to `iso`, firing due timers in order, and lets their calls finish. */
    async advanceTo(iso: string) {
      const target = new Date(iso).getTime();
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      now = target;
    },
  };
}

describe('Scheduler', () => {
  it('calls a scheduled function at each time of its schedule, telling it the next run', async () => {
    const { host, calls } = scheduledHost();
    const time = manualClock('2025-03-01T10:02:30Z');
    const lines: string[] = [];
    const scheduler = new Scheduler(host, ORIGIN, (line) => lines.push(line), time.clock);
    scheduler.start();
    expect(time.pending()).toEqual(['2025-03-01T10:05:00.000Z']);
    await time.advanceTo('2025-03-01T10:12:00Z');
    expect(calls).toEqual([
      { body: { next_run: '2025-03-01T10:10:00.000Z' }, userAgent: 'Netlify Clockwork' },
      { body: { next_run: '2025-03-01T10:15:00.000Z' }, userAgent: 'Netlify Clockwork' },
    ]);
    expect(time.pending()).toEqual(['2025-03-01T10:15:00.000Z']);
    expect(lines[0]).toMatch(/^\[schedule\] tally: 204 in \d+ ms; next run 2025-03-01T10:10:00\.000Z$/);
    scheduler.stop();
    expect(time.pending()).toEqual([]);
  });

  it('runs a function on demand and lists the schedules', async () => {
    const { host, calls } = scheduledHost('0 6 * * *');
    const scheduler = new Scheduler(host, ORIGIN, () => {}, manualClock('2025-03-01T10:00:00Z').clock);
    expect(scheduler.list()).toEqual([{ function: 'tally', schedule: '0 6 * * *', nextRun: '2025-03-02T06:00:00.000Z' }]);
    expect(await scheduler.run('tally')).toMatchObject({ function: 'tally', status: 204, nextRun: '2025-03-02T06:00:00.000Z' });
    expect(calls).toHaveLength(1);
    await expect(scheduler.run('ping')).rejects.toThrow(UnknownScheduledFunctionError);
  });

  it('refuses a malformed schedule at start, naming the function', () => {
    expect(() => new Scheduler(scheduledHost('*/5 * *').host, ORIGIN)).toThrow(/tally: config\.schedule '\*\/5 \* \*': expected 5 fields/);
  });
});

describe('the control endpoint', () => {
  const setup = () => {
    const { host, calls } = scheduledHost();
    return { calls, scheduler: new Scheduler(host, ORIGIN, () => {}, manualClock('2025-03-01T10:02:30Z').clock) };
  };
  const request = (path: string, init: RequestInit = {}) => new Request(new URL(path, ORIGIN), init);

  it('runs a scheduled function on POST and lists them on GET', async () => {
    const { calls, scheduler } = setup();
    const run = await answerControl(scheduler, request(`${SCHEDULED_FUNCTIONS_PATH}/tally`, { method: 'POST' }));
    expect(run.status).toBe(200);
    expect(await run.json()).toMatchObject({ function: 'tally', status: 204, nextRun: '2025-03-01T10:05:00.000Z' });
    expect(calls).toHaveLength(1);
    const list = await answerControl(scheduler, request(SCHEDULED_FUNCTIONS_PATH));
    expect(await list.json()).toEqual({ scheduledFunctions: [{ function: 'tally', schedule: '*/5 * * * *', nextRun: '2025-03-01T10:05:00.000Z' }] });
  });

  it('answers an unknown function 404, a wrong method 405 and a web page 403, running nothing', async () => {
    const { calls, scheduler } = setup();
    const unknown = await answerControl(scheduler, request(`${SCHEDULED_FUNCTIONS_PATH}/ping`, { method: 'POST' }));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toMatch(/no scheduled function named 'ping' \(scheduled functions: tally\)/);
    expect((await answerControl(scheduler, request(`${SCHEDULED_FUNCTIONS_PATH}/tally`))).status).toBe(405);
    const fromPage = await answerControl(scheduler, request(`${SCHEDULED_FUNCTIONS_PATH}/tally`, { method: 'POST', headers: { origin: ORIGIN } }));
    expect(fromPage.status).toBe(403);
    expect(fromPage.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(calls).toEqual([]);
  });
});
