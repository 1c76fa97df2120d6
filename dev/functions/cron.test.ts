import { describe, expect, it } from 'vitest';
import { CronError, nextRun, parseCron } from './cron';

const at = (iso: string) => new Date(iso);
const next = (expression: string, after: string) => nextRun(parseCron(expression), at(after))?.toISOString();

describe('parseCron', () => {
  it('reads steps, ranges, lists and names', () => {
    expect([...parseCron('*/15 * * * *').minutes]).toEqual([0, 15, 30, 45]);
    expect([...parseCron('0-30/10 6,18 * * *').minutes]).toEqual([0, 10, 20, 30]);
    expect([...parseCron('0-30/10 6,18 * * *').hours]).toEqual([6, 18]);
    expect([...parseCron('0 0 * jan-mar mon-fri').months]).toEqual([1, 2, 3]);
    expect([...parseCron('0 0 * * 7').daysOfWeek]).toEqual([0]);
  });

  it('expands the extensions Netlify supports', () => {
    expect(parseCron('@daily')).toMatchObject({ source: '@daily', minutes: new Set([0]), hours: new Set([0]) });
    expect(parseCron('@hourly').hours.size).toBe(24);
  });

  it('refuses malformed expressions, saying what is wrong', () => {
    expect(() => parseCron('*/5 * * *')).toThrow(/expected 5 fields/);
    expect(() => parseCron('60 * * * *')).toThrow(/minute '60' is not between 0 and 59/);
    expect(() => parseCron('*/0 * * * *')).toThrow(/step '0' is not a positive number/);
    expect(() => parseCron('5-1 * * * *')).toThrow(/runs backwards/);
    expect(() => parseCron('@reboot')).toThrow(CronError);
    expect(() => parseCron('@annually')).toThrow(/unknown macro/);
  });
});

describe('nextRun (UTC)', () => {
  // expression | after | the next run strictly after it ("never": none)
  const cases = `
    */5 * * * *  | 2025-03-01T10:02:30Z | 2025-03-01T10:05:00.000Z   the next five-minute mark
    */5 * * * *  | 2025-03-01T10:05:00Z | 2025-03-01T10:10:00.000Z   strictly after
    */5 * * * *  | 2025-12-31T23:58:00Z | 2026-01-01T00:00:00.000Z   across a year end
    */15 * * * * | 2025-03-01T10:44:59Z | 2025-03-01T10:45:00.000Z   quarter hours
    */15 * * * * | 2025-03-01T23:45:00Z | 2025-03-02T00:00:00.000Z   across midnight
    @daily       | 2025-02-28T00:00:00Z | 2025-03-01T00:00:00.000Z   across a month end
    0 6 * * *    | 2025-03-01T05:59:00Z | 2025-03-01T06:00:00.000Z   a fixed UTC time
    0 6 * * *    | 2025-03-01T06:00:00Z | 2025-03-02T06:00:00.000Z   the next day
    0 6 * * *    | 2024-12-31T07:00:00Z | 2025-01-01T06:00:00.000Z   the next year
    0 0 13 * 5   | 2025-03-12T00:00:00Z | 2025-03-13T00:00:00.000Z   the 13th or a Friday: Thu 13th
    0 0 13 * 5   | 2025-03-13T00:00:00Z | 2025-03-14T00:00:00.000Z   then Fri 14th
    0 0 * * 1    | 2025-03-12T00:00:00Z | 2025-03-17T00:00:00.000Z   only the weekday restricted: Mondays
    0 0 29 2 *   | 2025-03-01T00:00:00Z | 2028-02-29T00:00:00.000Z   a rare day
    0 0 30 2 *   | 2025-03-01T00:00:00Z | never                      an impossible day
  `
    .trim()
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim().split(/\s{2,}/)[0]!));

  it.each(cases)('%s after %s: %s', (expression, after, expected) => {
    expect(next(expression!, after!) ?? 'never').toBe(expected);
  });
});
