/** Event requests in the venue data file: each record with its submission time (the inbox index's score). */
import type * as z from 'zod';
import { fileTime, recordEntry, type RecordFamily } from '../../../shared/venue-data/registry';
import { readIndexedRecords } from '../../../shared/venue-data/reads';
import { REQS_KEY, reqKey } from './requests';
import { requestTallies } from './report-tallies';

const eventRequestEntry = recordEntry({
  /** Submission time (ms since 1970), the inbox's order. */
  submittedAtMs: fileTime,
});

export type EventRequestEntry = z.infer<typeof eventRequestEntry>;

export const eventRequestsFamily: RecordFamily<EventRequestEntry> = {
  name: 'eventRequests',
  label: 'event requests',
  entry: eventRequestEntry,
  idOf: (entry) => entry.id,
  timeOf: (entry) => entry.submittedAtMs,
  ownedKeys: [REQS_KEY],
  async read(reader) {
    const { found, skipped } = await readIndexedRecords(reader, REQS_KEY, reqKey);
    return { entries: found.map(({ id, score, record }) => ({ id, submittedAtMs: score, record })), skipped };
  },
  tallies: (entry) => requestTallies(entry.submittedAtMs),
  restore: (entry) => [
    ['SET', reqKey(entry.id), JSON.stringify(entry.record)],
    ['ZADD', REQS_KEY, String(entry.submittedAtMs), entry.id],
  ],
};
