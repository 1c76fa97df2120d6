/**
 * A record family: one kind of record the venue data file holds (league registrations, bay
 * bookings...). Each feature registers its families (src/features/record-families.ts lists them);
 * the file's format, the export and the import (format.ts, store.ts) know only this interface, so a
 * new family is one object in its feature's folder and one line in that list.
 */
import * as z from 'zod';
import type { StoreRead } from '../server/store-read';

/** The commands an import may run, each on one key: what a family's records are rebuilt with. */
export type StoreWrite =
  | ['SET', key: string, value: string]
  | ['SET', key: string, value: string, 'PX', milliseconds: string]
  | ['ZADD', key: string, score: string, member: string]
  | ['HSET', key: string, field: string, value: string]
  | ['RPUSH', key: string, value: string]
  | ['PEXPIRE', key: string, milliseconds: string];

/** Runs store reads; the reads asked for at the same time go to the store together (read-batch.ts). */
export interface StoreReader {
  read<T>(read: StoreRead<T>): Promise<T>;
}

/** What a family read from the store. */
export interface FamilyRead<Entry> {
  entries: Entry[];
  /** Keys of stored records that could not be read as one of its entries (left out of the file, reported). */
  skipped: string[];
}

export interface RecordFamily<Entry> {
  /** Its list's name in the file's `records` (it never changes once files carry it). */
  name: string;
  /** How reports count it: "league registrations". */
  label: string;
  /** One entry of the list as the file holds it; parsing keeps stored records as they are (field order included). */
  entry: z.ZodType<Entry>;
  /** The entry's id, unique in its list; none for a list kept as it is stored (no ids). */
  idOf?(entry: Entry): string;
  /** The time the file orders the list by, then by id (a pure function of the data); none: the order the store keeps. */
  timeOf?(entry: Entry): number;
  /**
   * Reads every entry. The reader pipelines the reads of all families asked for at the same time:
   * read what needs nothing first (indexes, lists, hashes) in one step, then the records they name.
   */
  read(reader: StoreReader): Promise<FamilyRead<Entry>>;
  /** The writes that restore an entry: its record and everything derived from it (indexes, claims, expiries). */
  restore(entry: Entry, now: number): StoreWrite[];
  /** Keys of its own that exist whenever it holds data (indexes, lists, hashes): a store holding any is not empty. */
  ownedKeys: readonly string[];
  /**
   * Hashes it writes fields of but shares with data the file does not hold (the outbox's statuses):
   * an import neither requires them empty nor deletes them.
   */
  sharedKeys?: readonly string[];
  /**
   * What an entry adds to the reports' day aggregates (revenue, refunds, bay use, members), the same
   * amounts its writes add as they happen: the reports rebuild from these (src/features/reports).
   */
  tallies?(entry: Entry): readonly DayTally[];
}

/** One field of one venue-local day's report aggregates changed by `delta`. */
export interface DayTally {
  date: string;
  field: string;
  delta: number;
}

/** A stored record: a JSON object with a string id, its other fields kept as they are. */
export type StoredRecord = { id: string } & Record<string, unknown>;

/** A stored record in the file, passed on as given (a parsed copy could reorder its fields, and the round trip must give the same bytes). */
export const storedRecord = z.custom<StoredRecord>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { id?: unknown }).id === 'string' && (value as { id: string }).id !== '',
  { message: 'expected a record: a JSON object with a non-empty string "id"' },
);

/** A time in the file: ms since 1970. */
export const fileTime = z.int().nonnegative();

/**
 * An entry holding a stored record under its id, with `fields` beside it (times, statuses kept apart
 * from the record); the record must carry the entry's id.
 */
export function recordEntry<Fields extends z.ZodRawShape, RecordSchema extends z.ZodType<{ id: string }> = typeof storedRecord>(fields: Fields, record?: RecordSchema) {
  return z
    .object({ id: z.string().min(1), ...fields, record: (record ?? storedRecord) as RecordSchema })
    .refine((entry) => (entry as { record: { id: string } }).record.id === (entry as { id: string }).id, { message: 'every record must carry the id of its entry', path: ['record', 'id'] });
}

/** The families a file holds, in the file's order. */
export type RecordFamilies = readonly RecordFamily<unknown>[];
