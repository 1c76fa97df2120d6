// The daily rebuild as Netlify's scheduler runs it: one POST to BUILD_HOOK_URL (a local server here),
// failing closed with one log line when the variable is missing or the hook does not take it.
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import rebuildSite from '../../netlify/functions/rebuild-site';
import { freePort } from '../../dev/free-port.mjs';

let server: Server;
let hookUrl: string;
const calls: Array<{ method: string; url: string }> = [];
let answerStatus = 200;

beforeAll(async () => {
  server = createServer((req, res) => {
    calls.push({ method: req.method ?? '', url: req.url ?? '' });
    req.resume();
    res.writeHead(answerStatus).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  hookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/build_hooks/secret-hook-id`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  calls.length = 0;
  answerStatus = 200;
});

/** What Netlify's scheduler sends. */
const scheduledRun = () => rebuildSite(new Request('http://localhost/.netlify/functions/rebuild-site', { method: 'POST', body: JSON.stringify({ next_run: new Date().toISOString() }) }));

describe('daily rebuild (scheduled function)', () => {
  it('asks the build hook for one build', async () => {
    vi.stubEnv('BUILD_HOOK_URL', hookUrl);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const answer = await scheduledRun();
    expect(answer.status).toBe(204);
    expect(calls).toEqual([{ method: 'POST', url: '/build_hooks/secret-hook-id' }]);
    expect(log).toHaveBeenCalledWith('[rebuild] daily rebuild requested');
  });

  it('fails closed with one line naming the variable when BUILD_HOOK_URL is not set', async () => {
    vi.stubEnv('BUILD_HOOK_URL', '');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = await scheduledRun();
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ error: 'The daily rebuild is not configured.' });
    expect(error.mock.calls).toEqual([['[rebuild] BUILD_HOOK_URL is not set: the daily rebuild is off']]);
    expect(calls).toEqual([]);
  });

  it('reports a hook that refuses or cannot be reached, never logging its secret address', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubEnv('BUILD_HOOK_URL', hookUrl);
    answerStatus = 404;
    expect((await scheduledRun()).status).toBe(502);
    vi.stubEnv('BUILD_HOOK_URL', `http://127.0.0.1:${await freePort()}/build_hooks/secret-hook-id`);
    expect((await scheduledRun()).status).toBe(502);
    expect(error.mock.calls.map(([line]) => line)).toEqual([
      '[rebuild] the daily rebuild was not started: the build hook answered 404',
      '[rebuild] the daily rebuild was not started: the build hook could not be reached',
    ]);
    expect(JSON.stringify(error.mock.calls)).not.toContain('secret-hook-id');
  });

  it('answers only the scheduler’s POST', async () => {
    expect((await rebuildSite(new Request('http://localhost/.netlify/functions/rebuild-site'))).status).toBe(405);
  });
});
