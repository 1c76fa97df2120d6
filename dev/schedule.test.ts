// `npm run schedule` against a running request bridge (the runtime's HTTP server) hosting a scheduled
// function; the static site is not needed for the control endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.mjs';
import { describeFunctionModule, FunctionHost } from './function-host';
import { Scheduler } from './functions/scheduler';
import { startRequestBridge, type RequestBridge } from './runtime/request-bridge';
import type { StaticSite } from './runtime/static-site';
import { scheduleCommand } from './schedule';

let port: number;
let bridge: RequestBridge;
const bodies: unknown[] = [];

beforeAll(async () => {
  port = await freePort();
  const origin = `http://localhost:${port}`;
  const tally = describeFunctionModule('tally', 'tally.ts', {
    default: async (request: Request) => {
      bodies.push(await request.json());
      return new Response(null, { status: 204 });
    },
    config: { schedule: '@hourly' },
  });
  const failing = describeFunctionModule('failing', 'failing.ts', { default: async () => new Response('no', { status: 500 }), config: { schedule: '@daily' } });
  const functions = new FunctionHost([tally, failing]);
  // Never reached: every request of these tests goes to the control endpoint.
  const site = {} as StaticSite;
  bridge = await startRequestBridge({ port, origin, site, functions, scheduler: new Scheduler(functions, origin, () => {}) });
});

afterAll(async () => {
  await bridge.close();
});

describe('npm run schedule', () => {
  it('runs a scheduled function now and reports its answer and next run', async () => {
    const result = await scheduleCommand(['tally', '--port', String(port)], {});
    expect(result).toMatchObject({ code: 0 });
    expect(result.output).toMatch(/^tally: 204 in \d+ ms; next run \d{4}-\d\d-\d\dT\d\d:00:00\.000Z$/);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toEqual({ next_run: expect.stringMatching(/:00:00\.000Z$/) });
  });

  it('lists the scheduled functions without a name, taking the port from PORT', async () => {
    const result = await scheduleCommand([], { PORT: String(port) });
    expect(result.code).toBe(0);
    expect(result.output.split('\n')).toEqual([expect.stringMatching(/^tally {2}@hourly {2}next run /), expect.stringMatching(/^failing {2}@daily {2}next run /)]);
  });

  it('fails on a function that answered an error, an unknown function, and no runtime', async () => {
    expect(await scheduleCommand(['failing', '--port', String(port)], {})).toMatchObject({ code: 1, output: expect.stringMatching(/^failing: 500 in/) });
    expect(await scheduleCommand(['nope', '--port', String(port)], {})).toEqual({ code: 1, output: "no scheduled function named 'nope' (scheduled functions: tally, failing)" });
    const closed = await freePort();
    expect(await scheduleCommand(['tally', '--port', String(closed)], {})).toEqual({ code: 1, output: `no local runtime answers on http://localhost:${closed}: start it (npm start), or pass --port N` });
    expect((await scheduleCommand(['a', 'b'], {})).code).toBe(2);
  });
});
