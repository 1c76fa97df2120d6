/**
 * The venue's data as one versioned JSON file (`npm run data:export`, the staff's download on
 * /admin/database, `npm run data:import FILE`): one list per record family (registry.ts) under
 * `records`, never the transient counters (rate limits, failed sign-ins), sign-in links, webhook
 * idempotency keys or the outbox's queue (sent within minutes; a restore must not send it again).
 *
 * The file is a pure function of the data: lists in a fixed order (each family's), records with
 * their stored fields in their stored order, no export time inside (it is in the file's name), so
 * an export → import → export round trip gives the same bytes.
 *
 * A new family joins without a new version: a file without its list holds none of it, and a file
 * naming a family this site does not know is refused (never half imported). A change to what an
 * existing family's entries hold needs a new version, and this module keeps reading the previous one.
 */
import * as z from 'zod';
import type { RecordFamilies, RecordFamily } from './registry';

export const VENUE_DATA_FORMAT = 'venue-data';
export const VENUE_DATA_VERSION = 1;

/** Every family's list, by its name, each in the file's order once written. */
export interface VenueData {
  format: typeof VENUE_DATA_FORMAT;
  version: typeof VENUE_DATA_VERSION;
  records: Record<string, unknown[]>;
}

function unique(ids: readonly string[]): boolean {
  return new Set(ids).size === ids.length;
}

/** The file's schema for these families: each one's entries, ids unique within a list. */
export function venueDataSchema(families: RecordFamilies) {
  const lists = Object.fromEntries(
    families.map((family) => {
      const list = z.array(family.entry).refine((entries) => !family.idOf || unique(entries.map((entry) => family.idOf!(entry))), { message: 'an id appears twice' });
      // A file written before the family existed holds none of it.
      return [family.name, list.default([])];
    }),
  );
  return z.object({ format: z.literal(VENUE_DATA_FORMAT), version: z.literal(VENUE_DATA_VERSION), records: z.strictObject(lists) });
}

/** A family's list in the file's order: by its time, then by id, so the same data always gives the same bytes; or as kept. */
function inOrder(family: RecordFamily<unknown>, list: unknown[]): unknown[] {
  const { timeOf, idOf } = family;
  if (!timeOf) return list;
  const id = (entry: unknown) => idOf?.(entry) ?? '';
  return [...list].sort((a, b) => timeOf(a) - timeOf(b) || (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
}

/** The data in the file's order: the families in theirs, each list in its family's order. */
export function inFileOrder(data: VenueData, families: RecordFamilies): VenueData {
  const records = Object.fromEntries(families.map((family) => [family.name, inOrder(family, data.records[family.name] ?? [])]));
  return { format: VENUE_DATA_FORMAT, version: VENUE_DATA_VERSION, records };
}

/** The file's text: ordered, two-space indented, one trailing newline. */
export function venueDataFile(data: VenueData, families: RecordFamilies): string {
  return `${JSON.stringify(inFileOrder(data, families), null, 2)}\n`;
}

export class VenueDataFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VenueDataFileError';
  }
}

/** Reads a file's text; VenueDataFileError names what is wrong (not JSON, another format or version, a field). */
export function readVenueDataFile(text: string, families: RecordFamilies): VenueData {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new VenueDataFileError('The file is not JSON.');
  }
  const header = value as { format?: unknown; version?: unknown } | null;
  if (typeof header !== 'object' || header === null || header.format !== VENUE_DATA_FORMAT) {
    throw new VenueDataFileError(`The file is not a venue data export (its "format" must be "${VENUE_DATA_FORMAT}").`);
  }
  if (header.version !== VENUE_DATA_VERSION) {
    throw new VenueDataFileError(`The file is version ${JSON.stringify(header.version)} of the venue data format; this site reads version ${VENUE_DATA_VERSION}.`);
  }
  const parsed = venueDataSchema(families).safeParse(value);
  if (!parsed.success) throw new VenueDataFileError(`The file does not hold valid venue data:\n${z.prettifyError(parsed.error)}`);
  return parsed.data as VenueData;
}

/** The file name for an export made at `at`: venue-data-2026-11-25T15-23-00Z.json. */
export function venueDataFileName(at: Date): string {
  return `venue-data-${at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-')}.json`;
}

/** "3 league registrations, 2 event requests": what a file holds, family by family. */
export function countsOf(data: VenueData, families: RecordFamilies): string {
  return families.map((family) => `${data.records[family.name]?.length ?? 0} ${family.label}`).join(', ');
}
