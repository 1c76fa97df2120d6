import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { countsOf, readVenueDataFile, VenueDataFileError, venueDataFile, venueDataFileName, type VenueData } from './format';
import { fileTime, recordEntry, type RecordFamilies, type RecordFamily } from './registry';

/** Two families no feature has: the format knows families only through the registry. */
const noteEntry = recordEntry({ writtenAtMs: fileTime });
type Note = z.infer<typeof noteEntry>;
const notes: RecordFamily<Note> = {
  name: 'notes',
  label: 'notes',
  entry: noteEntry,
  idOf: (entry) => entry.id,
  timeOf: (entry) => entry.writtenAtMs,
  ownedKeys: ['test:notes'],
  read: () => Promise.resolve({ entries: [], skipped: [] }),
  restore: (entry) => [['SET', `test:note:${entry.id}`, JSON.stringify(entry.record)]],
};
const logEntry = z.record(z.string(), z.unknown());
const log: RecordFamily<z.infer<typeof logEntry>> = {
  name: 'log',
  label: 'log entries',
  entry: logEntry,
  ownedKeys: ['test:log'],
  read: () => Promise.resolve({ entries: [], skipped: [] }),
  restore: (entry) => [['RPUSH', 'test:log', JSON.stringify(entry)]],
};
const families: RecordFamilies = [notes, log];

const note = (id: string, writtenAtMs: number, record: Record<string, unknown> = {}) => ({ id, writtenAtMs, record: { id, text: `Note ${id}`, ...record } });

const data = (records: { notes?: unknown[]; log?: unknown[] } = {}): VenueData => ({ format: 'venue-data', version: 1, records: { notes: [], log: [], ...records } });

describe('venueDataFile', () => {
  it('orders entries by their family’s time, then id, so the same data always gives the same bytes', () => {
    const text = venueDataFile(data({ notes: [note('b', 20), note('c', 10), note('a', 20)] }), families);
    const parsed = JSON.parse(text) as { records: { notes: Note[] } };
    expect(parsed.records.notes.map((entry) => entry.id)).toEqual(['c', 'a', 'b']);
    expect(venueDataFile(readVenueDataFile(text, families), families)).toBe(text);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('keeps a list without a time in its stored order and records with their fields as stored', () => {
    const entries = [{ event: 'evt_2', status: 'active' }, { event: 'evt_1', status: 'trialing' }];
    const stored = { text: 'first', id: 'a', legacy: ['kept'] };
    const text = venueDataFile(data({ log: entries, notes: [{ id: 'a', writtenAtMs: 1, record: stored }] }), families);
    const parsed = readVenueDataFile(text, families);
    expect(parsed.records['log']).toEqual(entries);
    expect(Object.keys((parsed.records['notes']![0] as Note).record)).toEqual(['text', 'id', 'legacy']);
  });

  it('writes the families in their list’s order and counts them by their labels', () => {
    const text = venueDataFile({ format: 'venue-data', version: 1, records: { log: [{ a: 1 }], notes: [note('a', 1)] } }, families);
    expect(Object.keys((JSON.parse(text) as VenueData).records)).toEqual(['notes', 'log']);
    expect(countsOf(readVenueDataFile(text, families), families)).toBe('1 notes, 1 log entries');
  });
});

describe('readVenueDataFile', () => {
  const refusal = (text: string) => {
    try {
      readVenueDataFile(text, families);
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
    expect(refusal(JSON.stringify(data({ notes: [{ ...note('a', 1), writtenAtMs: 'yesterday' }] })))).toMatch(/records\.notes\[0\]\.writtenAtMs/);
    expect(refusal(JSON.stringify(data({ notes: [{ ...note('a', 1), record: { id: 'b' } }] })))).toMatch(/every record must carry the id of its entry/);
    expect(refusal(JSON.stringify(data({ notes: [{ ...note('a', 1), record: ['a'] }] })))).toMatch(/records\.notes\[0\]\.record/);
    expect(refusal(JSON.stringify(data({ notes: [note('a', 1), note('a', 2)] })))).toMatch(/an id appears twice/);
    expect(refusal(JSON.stringify(data({ notes: [note('a', -1)] })))).toMatch(/writtenAtMs/);
  });

  it('reads a file without a family’s list as holding none of it', () => {
    expect(readVenueDataFile(JSON.stringify({ format: 'venue-data', version: 1, records: { notes: [] } }), families).records['log']).toEqual([]);
  });

  it('refuses a file naming a family this site does not know, rather than importing part of it', () => {
    expect(refusal(JSON.stringify({ format: 'venue-data', version: 1, records: { notes: [], giftCards: [{ id: 'g' }] } }))).toMatch(/giftCards/);
  });
});

describe('venueDataFileName', () => {
  it('names the file by the export time, in a form every file system accepts', () => {
    expect(venueDataFileName(new Date('2026-11-25T15:23:09.123Z'))).toBe('venue-data-2026-11-25T15-23-09Z.json');
  });
});
