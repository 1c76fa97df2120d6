import { describe, expect, it } from 'vitest';
import { processCpu, statCpuMs } from './process-cpu';

describe('processCpu', () => {
  it('reads utime + stime after the command name, even one with spaces and parentheses', () => {
    const stat = '4242 (node (dev) x) S 1 4242 4242 0 -1 4194304 100 0 0 0 250 37 0 0 20 0 11 0 500 0 0';
    expect(statCpuMs(stat)).toBe(2870);
  });

  it("grows with this process's own work, the main thread's share at most the whole's", async () => {
    const before = (await processCpu(process.pid))!;
    const started = process.cpuUsage();
    while (process.cpuUsage(started).user < 150_000) Math.sqrt(Math.random());
    const after = (await processCpu(process.pid))!;
    expect(after.mainThreadMs - before.mainThreadMs).toBeGreaterThan(0);
    expect(after.mainThreadMs).toBeLessThanOrEqual(after.processMs);
  });
});
