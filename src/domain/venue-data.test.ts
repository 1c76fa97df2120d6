import { describe, expect, it } from 'vitest';
import { readVenueDataFile, VenueDataFileError, venueDataFile, venueDataFileName, type VenueData } from './venue-data';

const registration = (id: string, registeredAtMs: number) => ({
  id,
  registeredAtMs,
  paymentStatus: 'completed' as const,
  checkoutSessionId: 'cs_test_1',
  record: { id, teamName: `Team ${id}`, sessionId: 'fall' },
});

const data = (overrides: Partial<VenueData['records']> = {}): VenueData => ({
  format: 'venue-data',
  version: 1,
  records: { leagueRegistrations: [], eventRequests: [], subscriptionAudit: [], bayBookings: [], ...overrides },
});

describe('venueDataFile', () => {
  it('orders entries by time, then id, so the same data always gives the same bytes', () => {
    const shuffled = data({
      leagueRegistrations: [registration('b', 20), registration('c', 10), registration('a', 20)],
      eventRequests: [{ id: 'y', submittedAtMs: 5, record: { id: 'y' } }, { id: 'x', submittedAtMs: 1, record: { id: 'x' } }],
    });
    const text = venueDataFile(shuffled);
    const parsed = JSON.parse(text) as VenueData;
    expect(parsed.records.leagueRegistrations.map((entry) => entry.id)).toEqual(['c', 'a', 'b']);
    expect(parsed.records.eventRequests.map((entry) => entry.id)).toEqual(['x', 'y']);
    expect(venueDataFile(readVenueDataFile(text))).toBe(text);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('keeps the audit trail in its stored order and the records with their fields as stored', () => {
    const audit = [{ event: 'evt_2', status: 'active' }, { event: 'evt_1', status: 'trialing' }];
    const parsed = readVenueDataFile(venueDataFile(data({ subscriptionAudit: audit, leagueRegistrations: [{ ...registration('a', 1), record: { id: 'a', legacy: ['kept'] } }] })));
    expect(parsed.records.subscriptionAudit).toEqual(audit);
    expect(parsed.records.leagueRegistrations[0]!.record).toEqual({ id: 'a', legacy: ['kept'] });
  });
});

const bayRecord = (id: string, startsAt: string) => ({ id, kind: 'online', status: 'confirmed' as const, bayId: 'bay-1', date: startsAt.slice(0, 10), startsAt, lengthMinutes: 60, includedMinutes: 0, holdUntil: 0 });

describe('bay bookings in the file', () => {
  it('orders them by start, then id, and keeps their records as stored', () => {
    const text = venueDataFile(data({ bayBookings: [{ id: 'b', record: bayRecord('b', '2026-12-04T18:00:00.000Z') }, { id: 'a', record: bayRecord('a', '2026-12-04T19:00:00.000Z') }, { id: 'c', record: bayRecord('c', '2026-12-04T18:00:00.000Z') }] }));
    const parsed = readVenueDataFile(text);
    expect(parsed.records.bayBookings.map((entry) => entry.id)).toEqual(['b', 'c', 'a']);
    expect(parsed.records.bayBookings[0]!.record).toEqual(bayRecord('b', '2026-12-04T18:00:00.000Z'));
    expect(venueDataFile(parsed)).toBe(text);
  });

  it('reads a file exported before bay booking as holding none', () => {
    const { bayBookings: _none, ...older } = data().records;
    expect(readVenueDataFile(JSON.stringify({ format: 'venue-data', version: 1, records: older })).records.bayBookings).toEqual([]);
  });

  it('refuses a bay record without a field its claimed half hours are rebuilt from', () => {
    const { lengthMinutes: _length, ...broken } = bayRecord('a', '2026-12-04T18:00:00.000Z');
    expect(() => readVenueDataFile(JSON.stringify(data({ bayBookings: [{ id: 'a', record: broken as ReturnType<typeof bayRecord> }] })))).toThrow(/lengthMinutes/);
  });
});

describe('readVenueDataFile', () => {
  const refusal = (text: string) => {
    try {
      readVenueDataFile(text);
    } catch (error) {
      expect(error).toBeInstanceOf(VenueDataFileError);
      return (error as Error).message;
    }
    throw new Error('accepted');
  };

  it('names what is wrong with a file', () => {
    expect(refusal('{not json')).toBe('The file is not JSON.');
    expect(refusal('[]')).toBe('The file is not a venue data export (its "format" must be "venue-data").');
    expect(refusal(JSON.stringify({ format: 'venue-data', version: 2 }))).toBe('The file is version 2 of the venue data format; this site reads version 1.');
    const badStatus = data({ leagueRegistrations: [{ ...registration('a', 1), paymentStatus: 'paid' as 'completed' }] });
    expect(refusal(JSON.stringify(badStatus))).toMatch(/records\.leagueRegistrations\[0\]\.paymentStatus/);
    expect(refusal(JSON.stringify(data({ leagueRegistrations: [{ ...registration('a', 1), record: { id: 'b' } }] })))).toMatch(/every record must carry the id of its entry/);
    expect(refusal(JSON.stringify(data({ leagueRegistrations: [registration('a', 1), registration('a', 2)] })))).toMatch(/an id appears twice/);
    expect(refusal(JSON.stringify(data({ leagueRegistrations: [registration('a', -1)] })))).toMatch(/registeredAtMs/);
  });
});

describe('venueDataFileName', () => {
  it('names the file by the export time, in a form every file system accepts', () => {
    expect(venueDataFileName(new Date('2026-11-25T15:23:09.123Z'))).toBe('venue-data-2026-11-25T15-23-09Z.json');
  });
});
