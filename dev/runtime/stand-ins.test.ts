import { afterEach, describe, expect, it, vi } from 'vitest';
import { startStandIns, type StandIn } from './stand-ins';

/** A stand-in that records when it starts and stops; `fail` makes its start throw. */
function recording(name: string, log: string[], fail = false): StandIn {
  return {
    name,
    async start() {
      if (fail) throw new Error(`${name} failed`);
      log.push(`start ${name}`);
      return { env: { [`TEST_STAND_IN_${name.toUpperCase()}`]: name }, notes: [`${name} note`], readyPhrase: `${name} phrase`, close: async () => void log.push(`close ${name}`) };
    },
  };
}

const context = { private: true, siteUrl: 'http://localhost:1234' };

describe('startStandIns', () => {
  const siteUrl = process.env['SITE_URL'];
  afterEach(() => {
    for (const name of ['TEST_STAND_IN_A', 'TEST_STAND_IN_B']) delete process.env[name];
    if (siteUrl === undefined) delete process.env['SITE_URL'];
    else process.env['SITE_URL'] = siteUrl;
    vi.restoreAllMocks();
  });

  it('starts the stand-ins in order, sets their variables and SITE_URL, and stops them in reverse order once', async () => {
    const log: string[] = [];
    const a = recording('a', log);
    const standIns = await startStandIns([a, recording('b', log)], context);
    expect(standIns.env).toEqual({ TEST_STAND_IN_A: 'a', TEST_STAND_IN_B: 'b', SITE_URL: 'http://localhost:1234' });
    expect(process.env['TEST_STAND_IN_B']).toBe('b');
    expect(standIns.notes).toEqual(['a note', 'b note']);
    expect(standIns.readyPhrases).toEqual(['a phrase', 'b phrase']);
    expect(standIns.readyPhraseOf(a)).toBe('a phrase');
    await Promise.all([standIns.close(), standIns.close()]);
    expect(log).toEqual(['start a', 'start b', 'close b', 'close a']);
  });

  it('stops the ones already started when a later one fails, and sets no variables', async () => {
    const log: string[] = [];
    await expect(startStandIns([recording('a', log), recording('b', log, true)], context)).rejects.toThrow('b failed');
    expect(log).toEqual(['start a', 'close a']);
    expect(process.env['TEST_STAND_IN_A']).toBeUndefined();
  });

  it('reports a stand-in that fails to stop and stops the others anyway', async () => {
    const log: string[] = [];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const broken: StandIn = { name: 'the broken one', start: async () => ({ env: {}, close: () => Promise.reject(new Error('stuck')) }) };
    const standIns = await startStandIns([recording('a', log), broken], context);
    await standIns.close();
    expect(stderr).toHaveBeenCalledWith('[local runtime] closing the broken one: stuck\n');
    expect(log).toEqual(['start a', 'close a']);
  });
});
