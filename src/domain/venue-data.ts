/**
 * The venue's data as one versioned JSON file (`npm run data:export`, the staff's download on
 * /admin/database, `npm run data:import FILE`): every record the site keeps, never the transient
 * counters (rate limits, failed sign-ins) or webhook idempotency keys, which expire by themselves.
 *
 * The file is a pure function of the data: lists in a fixed order (by time, then id), records with
 * their stored fields in their stored order, no export time inside (it is in the file's name), so
 * an export → import → export round trip gives the same bytes.
 */
import * as z from 'zod';
import { paymentStatus } from './api/admin-league-registrations';

export const VENUE_DATA_FORMAT = 'venue-data';
export const VENUE_DATA_VERSION = 1;

/** A stored record: a JSON object with a string id, its other fields kept as they are. */
const storedRecord = z.looseObject({ id: z.string().min(1) });
const time = z.int().nonnegative();

export const leagueRegistrationEntry = z.object({
  id: z.string().min(1),
  /** Registration time (ms since 1970), the registrations index's order. */
  registeredAtMs: time,
  /** Null when none was ever set (reads as pending). */
  paymentStatus: z.enum(paymentStatus.options).nullable(),
  checkoutSessionId: z.string().nullable(),
  record: storedRecord,
});

export const eventRequestEntry = z.object({
  id: z.string().min(1),
  /** Submission time (ms since 1970), the inbox's order. */
  submittedAtMs: time,
  record: storedRecord,
});

/** The fields of a bay booking that its derived keys are rebuilt from; the others are kept as they are. */
const bayRecordFields = z.looseObject({
  id: z.string().min(1),
  bayId: z.string().min(1),
  status: z.enum(['held', 'confirmed', 'cancelled', 'expired']),
  date: z.iso.date(),
  startsAt: z.iso.datetime(),
  lengthMinutes: z.int().positive(),
  includedMinutes: z.int().nonnegative(),
  holdUntil: time,
  memberId: z.string().min(1).optional(),
});

/** Checked field by field but passed on as given (a parsed object would reorder its fields, and the round trip must give the same bytes). */
const bayRecord = z.custom<z.infer<typeof bayRecordFields>>(() => true).superRefine((value, context) => {
  const checked = bayRecordFields.safeParse(value);
  if (!checked.success) for (const issue of checked.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
});

/** A bay booking: its record only; the index, holds, claimed half hours and member time are rebuilt from it on import. */
export const bayBookingEntry = z.object({ id: z.string().min(1), record: bayRecord });

export const venueData = z
  .object({
    format: z.literal(VENUE_DATA_FORMAT),
    version: z.literal(VENUE_DATA_VERSION),
    records: z.object({
      leagueRegistrations: z.array(leagueRegistrationEntry),
      eventRequests: z.array(eventRequestEntry),
      /** Membership subscription events Stripe reported, newest first, as kept for the staff. */
      subscriptionAudit: z.array(z.record(z.string(), z.unknown())),
      /** Absent from files exported before bay booking. */
      bayBookings: z.array(bayBookingEntry).default([]),
    }),
  })
  .refine((data) => [...data.records.leagueRegistrations, ...data.records.eventRequests, ...data.records.bayBookings].every((entry) => entry.record.id === entry.id), {
    message: 'every record must carry the id of its entry',
  })
  .refine((data) => unique(data.records.leagueRegistrations) && unique(data.records.eventRequests) && unique(data.records.bayBookings), { message: 'an id appears twice' });

export type VenueData = z.infer<typeof venueData>;
export type LeagueRegistrationEntry = z.infer<typeof leagueRegistrationEntry>;
export type EventRequestEntry = z.infer<typeof eventRequestEntry>;
export type BayBookingEntry = z.infer<typeof bayBookingEntry>;

function unique(entries: ReadonlyArray<{ id: string }>): boolean {
  return new Set(entries.map((entry) => entry.id)).size === entries.length;
}

const byTimeThenId = <T extends { id: string }>(timeOf: (entry: T) => number) => (a: T, b: T) => timeOf(a) - timeOf(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The data in the file's order: registrations, requests and bay bookings (by start) by time, then id; the audit as kept. */
export function inFileOrder(data: VenueData): VenueData {
  return {
    format: VENUE_DATA_FORMAT,
    version: VENUE_DATA_VERSION,
    records: {
      leagueRegistrations: [...data.records.leagueRegistrations].sort(byTimeThenId((entry) => entry.registeredAtMs)),
      eventRequests: [...data.records.eventRequests].sort(byTimeThenId((entry) => entry.submittedAtMs)),
      subscriptionAudit: data.records.subscriptionAudit,
      bayBookings: [...data.records.bayBookings].sort(byTimeThenId((entry) => Date.parse(entry.record.startsAt))),
    },
  };
}

/** The file's text: ordered, two-space indented, one trailing newline. */
export function venueDataFile(data: VenueData): string {
  return `${JSON.stringify(inFileOrder(data), null, 2)}\n`;
}

export class VenueDataFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VenueDataFileError';
  }
}

/** Reads a file's text; VenueDataFileError names what is wrong (not JSON, another format or version, a field). */
export function readVenueDataFile(text: string): VenueData {
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
  const parsed = venueData.safeParse(value);
  if (!parsed.success) throw new VenueDataFileError(`The file does not hold valid venue data:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The file name for an export made at `at`: venue-data-2026-11-25T15-23-00Z.json. */
export function venueDataFileName(at: Date): string {
  return `venue-data-${at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-')}.json`;
}
