import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recordFamilies } from './record-families';
import { importCommands } from '../shared/venue-data/store';
import { readVenueDataFile, VenueDataFileError, venueDataFile, type VenueData } from '../shared/venue-data/format';

const registration = (id: string, registeredAtMs: number) => ({
  id,
  registeredAtMs,
  paymentStatus: 'completed' as const,
  checkoutSessionId: 'cs_test_1',
  record: { id, teamName: `Team ${id}`, sessionId: 'fall' },
});

const data = (overrides: Record<string, unknown[]> = {}): VenueData => ({
  format: 'venue-data',
  version: 1,
  records: { leagueRegistrations: [], eventRequests: [], subscriptionAudit: [], bayBookings: [], failedMail: [], ...overrides },
});

const read = (text: string) => readVenueDataFile(text, recordFamilies);
const write = (value: VenueData) => venueDataFile(value, recordFamilies);

describe('the venue data file of every registered family', () => {
  it('lists the families in the file’s order, each once', () => {
    const names = recordFamilies.map((family) => family.name);
    expect(names).toEqual(['leagueRegistrations', 'eventRequests', 'subscriptionAudit', 'bayBookings', 'failedMail', 'leagueNoticeList', 'leaguePlay', 'giftCards', 'eventQuotes', 'queuedMail']);
    expect(new Set(names).size).toBe(names.length);
  });

  it('orders registrations and requests by time, then id, and keeps the audit trail as stored', () => {
    const audit = [{ event: 'evt_2', status: 'active' }, { event: 'evt_1', status: 'trialing' }];
    const text = write(
      data({
        leagueRegistrations: [registration('b', 20), registration('c', 10), registration('a', 20)],
        eventRequests: [{ id: 'y', submittedAtMs: 5, record: { id: 'y' } }, { id: 'x', submittedAtMs: 1, record: { id: 'x' } }],
        subscriptionAudit: audit,
      }),
    );
    const parsed = read(text);
    expect((parsed.records['leagueRegistrations'] as Array<{ id: string }>).map((entry) => entry.id)).toEqual(['c', 'a', 'b']);
    expect((parsed.records['eventRequests'] as Array<{ id: string }>).map((entry) => entry.id)).toEqual(['x', 'y']);
    expect(parsed.records['subscriptionAudit']).toEqual(audit);
    expect(write(parsed)).toBe(text);
  });

  it('refuses a registration with a payment status that does not exist', () => {
    expect(() => read(JSON.stringify(data({ leagueRegistrations: [{ ...registration('a', 1), paymentStatus: 'paid' }] })))).toThrow(/records\.leagueRegistrations\[0\]\.paymentStatus/);
  });

  it('reads a file written by this version before its failed mail, notify-me list, league play, gift cards, event quotes and queued mail were kept: the same records, and none of those', () => {
    const text = readFileSync(new URL('../../tests/support/venue-data-v1.json', import.meta.url), 'utf8');
    const parsed = read(text);
    expect(parsed.records['failedMail']).toEqual([]);
    expect(parsed.records['leagueNoticeList']).toEqual([]);
    expect(parsed.records['leaguePlay']).toEqual([]);
    expect(parsed.records['giftCards']).toEqual([]);
    expect(parsed.records['eventQuotes']).toEqual([]);
    expect(parsed.records['queuedMail']).toEqual([]);
    expect(JSON.parse(write(parsed))).toEqual({ ...JSON.parse(text), records: { ...JSON.parse(text).records, failedMail: [], leagueNoticeList: [], leaguePlay: [], giftCards: [], eventQuotes: [], queuedMail: [] } });
  });
});

const bayRecord = (id: string, startsAt: string) => ({ id, kind: 'online', status: 'confirmed' as const, bayId: 'bay-1', date: startsAt.slice(0, 10), start: '12:00', startsAt, lengthMinutes: 60, includedMinutes: 0, holdUntil: 0 });

describe('bay bookings in the file', () => {
  it('orders them by start, then id, and keeps their records as stored', () => {
    const text = write(data({ bayBookings: [{ id: 'b', record: bayRecord('b', '2026-12-04T18:00:00.000Z') }, { id: 'a', record: bayRecord('a', '2026-12-04T19:00:00.000Z') }, { id: 'c', record: bayRecord('c', '2026-12-04T18:00:00.000Z') }] }));
    const parsed = read(text);
    expect((parsed.records['bayBookings'] as Array<{ id: string }>).map((entry) => entry.id)).toEqual(['b', 'c', 'a']);
    expect((parsed.records['bayBookings'] as Array<{ record: unknown }>)[0]!.record).toEqual(bayRecord('b', '2026-12-04T18:00:00.000Z'));
    expect(write(parsed)).toBe(text);
  });

  it('reads a file exported before bay booking as holding none', () => {
    const { bayBookings: _none, failedMail: _neither, ...older } = data().records;
    expect(read(JSON.stringify({ format: 'venue-data', version: 1, records: older })).records['bayBookings']).toEqual([]);
  });

  it('refuses a bay record without a field its claimed half hours are rebuilt from', () => {
    const { lengthMinutes: _length, ...broken } = bayRecord('a', '2026-12-04T18:00:00.000Z');
    expect(() => read(JSON.stringify(data({ bayBookings: [{ id: 'a', record: broken }] })))).toThrow(VenueDataFileError);
    expect(() => read(JSON.stringify(data({ bayBookings: [{ id: 'a', record: broken }] })))).toThrow(/lengthMinutes/);
  });

  it('rebuilds what a confirmed booking claims, expiring a week after each half hour passes; a cancelled one claims nothing', () => {
    const now = Date.parse('2026-12-01T00:00:00.000Z');
    const confirmed = bayRecord('a', '2026-12-04T18:00:00.000Z');
    const cancelled = { ...bayRecord('b', '2026-12-04T18:00:00.000Z'), status: 'cancelled' };
    const writes = importCommands(recordFamilies, read(JSON.stringify(data({ bayBookings: [{ id: 'a', record: confirmed }, { id: 'b', record: cancelled }] }))), now);
    const slots = writes.filter(([command, key]) => command === 'SET' && key.startsWith('bay:slot:'));
    expect(slots.length).toBeGreaterThanOrEqual(2);
    expect(slots.every(([, , value]) => value === 'a|0')).toBe(true);
    expect(writes.filter(([command, key]) => command === 'ZADD' && key === 'bay:bookings').map((write) => write[3])).toEqual(['a', 'b']);
  });
});

describe('failed mail in the file', () => {
  const body = (key: string) => ({ message: { key, to: ['guest@example.com'], subject: 'Your bay is booked', text: 'See you soon' }, queuedAt: '2026-11-01T10:00:00.000Z' });
  const failed = (key: string, failedAtMs: number) => ({ key, failedAtMs, attempts: 5, lastError: '550 mailbox unavailable', body: body(key) });

  it('orders messages by when they failed and restores them as the failed list: body, place, status, attempts, last error', () => {
    const text = write(data({ failedMail: [failed('b', 2), failed('a', 1)] }));
    const parsed = read(text);
    expect((parsed.records['failedMail'] as Array<{ key: string }>).map((entry) => entry.key)).toEqual(['a', 'b']);
    expect(importCommands(recordFamilies, parsed, 0).slice(0, 5)).toEqual([
      ['SET', 'mail:msg:a', JSON.stringify(body('a'))],
      ['ZADD', 'mail:failed', '1', 'a'],
      ['HSET', 'mail:status', 'a', 'failed'],
      ['HSET', 'mail:attempts', 'a', '5'],
      ['HSET', 'mail:error', 'a', '550 mailbox unavailable'],
    ]);
  });

  it('refuses a message that is not the one its entry names', () => {
    expect(() => read(JSON.stringify(data({ failedMail: [{ ...failed('a', 1), body: body('b') }] })))).toThrow(/every message must carry the key of its entry/);
    expect(() => read(JSON.stringify(data({ failedMail: [failed('a', 1), failed('a', 2)] })))).toThrow(/an id appears twice/);
  });
});
