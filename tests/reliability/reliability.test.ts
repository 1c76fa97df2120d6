// `npm run test:reliability`: the site under bad input, faults and load, for real — HTTP against the
// local runtime serving dist/ (build first), its Upstash bridge in front of a real redis-server, the
// Stripe emulator behind a fault-injecting proxy. One runtime for the three parts (it takes a while to
// start on a loaded machine); each part checks the store itself. The summary table is printed at the
// end of the run (global-setup.ts).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { faultsSuite } from './faults';
import { fuzzSuite } from './fuzz';
import { isAlive, startHarness, type Harness } from './harness';
import { loadSuite } from './load';

let harness: Harness | undefined;
const summaryFile = inject('reliabilitySummaryFile');
const current = (): Harness => {
  if (!harness) throw new Error('the reliability harness did not start');
  return harness;
};

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  harness?.recorder.save(summaryFile);
  await harness?.close();
});

describe('reliability', () => {
  fuzzSuite(current);
  faultsSuite(current);
  loadSuite(current);

  it('leaves nothing running once stopped: runtime and redis-server end, ports are free', async () => {
    const h = current();
    h.recorder.save(summaryFile);
    const pids = [h.runtime.pid, h.redis.pid];
    await h.close();
    harness = undefined;
    expect(pids.filter((pid) => isAlive(pid))).toEqual([]);
    const { pingRedis } = await import('../../dev/redis-server');
    expect(await pingRedis('127.0.0.1', h.redis.port, 500)).toBe(false);
    await expect(fetch(`${h.http.base}/api/ping`)).rejects.toThrow();
  });
});
