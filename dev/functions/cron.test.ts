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
  it('*/5 * * * *: the next five-minute mark, strictly after the given time', () => {
    expect(next('*/5 * * * *', '2025-03-01T10:02:30Z')).toBe('2025-03-01T10:05:00.000Z');
    expect(next('*/5 * * * *', '2025-03-01T10:05:00Z')).toBe('2025-03-01T10:10:00.000Z');
    expect(next('*/5 * * * *', '2025-12-31T23:58:00Z')).toBe('2026-01-01T00:00:00.000Z');
  });

  it('*/15 * * * *: quarter hours', () => {
    expect(next('*/15 * * * *', '2025-03-01T10:44:59Z')).toBe('2025-03-01T10:45:00.000Z');
    expect(next('*/15 * * * *', '2025-03-01T23:45:00Z')).toBe('2025-03-02T00:00:00.000Z');
  });

  it('@daily and 0 6 * * *: once a day at a fixed UTC time, across month and year ends', () => {
    expect(next('@daily', '2025-02-28T00:00:00Z')).toBe('2025-03-01T00:00:00.000Z');
    expect(next('0 6 * * *', '2025-03-01T05:59:00Z')).toBe('2025-03-01T06:00:00.000Z');
    expect(next('0 6 * * *', '2025-03-01T06:00:00Z')).toBe('2025-03-02T06:00:00.000Z');
    expect(next('0 6 * * *', '2024-12-31T07:00:00Z')).toBe('2025-01-01T06:00:00.000Z');
  });

  it('runs on a day matching either day field when both are restricted, as cron does', () => {
    // The 13th of a month, or a Friday: Wed 2025-03-12 → Thu 13th; after that, Fri 14th.
    expect(next('0 0 13 * 5', '2025-03-12T00:00:00Z')).toBe('2025-03-13T00:00:00.000Z');
    expect(next('0 0 13 * 5', '2025-03-13T00:00:00Z')).toBe('2025-03-14T00:00:00.000Z');
    // Only the weekday restricted: Mondays only.
    expect(next('0 0 * * 1', '2025-03-12T00:00:00Z')).toBe('2025-03-17T00:00:00.000Z');
  });

  it('finds rare days and gives up on impossible ones', () => {
    expect(next('0 0 29 2 *', '2025-03-01T00:00:00Z')).toBe('2028-02-29T00:00:00.000Z');
    expect(next('0 0 30 2 *', '2025-03-01T00:00:00Z')).toBeUndefined();
  });
});
