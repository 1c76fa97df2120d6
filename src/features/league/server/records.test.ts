import { describe, expect, it } from 'vitest';
import { sampleLeagueEntry } from '../../../../tests/support/sample-requests';
import { FIXTURE_ALL_OPEN as now, FIXTURE_FALL_CLOSES, fixtureLeague as league } from '../../../../tests/support/league-fixture';
import type { LeagueSessionEntry } from '../contract/registration-form';
import { HttpError } from '../../../shared/server/request';
import { buildRecords, checkEntries, checkoutLineItems, checkoutMetadata, teeTimeFullMessage } from './records';

/** An entry whose team name is typed with spaces around it. */
const entry = (sessionId: string, teeTimeDay = 'monday', teeTimeSlot = '6pm'): LeagueSessionEntry => ({
  ...sampleLeagueEntry(sessionId, 'unit'),
  teamName: ' Sand Trappers ',
  teeTimeDay,
  teeTimeSlot,
});

let counter = 0;
const newId = () => `id-${(counter += 1)}`;

function thrown(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
  }
  throw new Error('expected an HttpError');
}

describe('checkEntries', () => {
  it('orders entries as the league lists its sessions', () => {
    expect(checkEntries(league, [entry('spring'), entry('fall')], now).map((e) => e.sessionId)).toEqual(['fall', 'spring']);
  });

  it('refuses unknown and duplicate sessions with 400', () => {
    const unknown = thrown(() => checkEntries(league, [entry('summer')], now));
    expect(unknown.status).toBe(400);
    expect(unknown.extra).toEqual({ fields: { 'sessionRegistrations.0.sessionId': 'Unknown league session' } });
    const duplicate = thrown(() => checkEntries(league, [entry('fall'), entry('fall')], now));
    expect(duplicate.extra).toEqual({ fields: { 'sessionRegistrations.1.sessionId': 'Each session can be registered once.' } });
  });

  it('refuses a closed session with 409', () => {
    const closed = { ...league, sessions: league.sessions.map((s) => (s.id === 'winter' ? { ...s, open: false } : s)) };
    const error = thrown(() => checkEntries(closed, [entry('fall'), entry('winter')], now));
    expect([error.status, error.message]).toEqual([409, 'Registration for the Winter Session is closed. Please choose another session.']);
  });

  it('refuses a session past its closing time with 409 naming it, and takes it a moment before', () => {
    const late = thrown(() => checkEntries(league, [entry('winter'), entry('fall')], FIXTURE_FALL_CLOSES));
    expect([late.status, late.message]).toEqual([409, 'Registration for the Fall Session is closed. Please choose another session.']);
    expect(checkEntries(league, [entry('fall')], new Date(FIXTURE_FALL_CLOSES.getTime() - 1))).toHaveLength(1);
  });
});

describe('records and checkout data', () => {
  const records = buildRecords(league, [entry('fall'), entry('winter', 'tuesday', '8pm')], now, newId);

  it('stores one session per record, each player with their own e-mail and phone, the amount in cents from the league price', () => {
    expect(records[0]).toEqual({
      id: records[0]!.id,
      sessionId: 'fall',
      teamName: 'Sand Trappers',
      teeTime: 'monday-6pm',
      players: [
        { name: 'Ann Lee', email: 'ann.unit@example.com', phone: '6085550101' },
        { name: 'Bo Park', email: 'bo.unit@example.com', phone: '6085550102' },
      ],
      amountCents: 70000,
      registeredAt: now.toISOString(),
    });
  });

  it('carries sessions, tee times and ids in the metadata', () => {
    expect(checkoutMetadata(records)).toEqual({
      kind: 'league',
      sessions: 'fall,winter',
      teeTime: 'monday-6pm,tuesday-8pm',
      registrationIds: `${records[0]!.id},${records[1]!.id}`,
    });
    expect(checkoutMetadata(records.slice(0, 1)).teeTime).toBe('monday-6pm');
  });

  it('charges one line per session at 70000 cents', () => {
    const lines = checkoutLineItems(league, records);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ quantity: 1, price_data: { currency: 'usd', unit_amount: 70000 } });
    expect(lines[1]!.price_data.product_data.name).toBe('League Winter Session (Dec 1, 2025 - Feb 4, 2026)');
    expect(lines[1]!.price_data.product_data.description).toContain('Tuesday 8:00 PM');
  });

  it('names the full tee time', () => {
    expect(teeTimeFullMessage(league, records[1]!)).toBe('The Tuesday 8:00 PM tee time of the Winter Session is full. Please choose another tee time.');
  });
});
