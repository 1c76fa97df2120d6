/**
 * Rebuilding the report aggregates from the records (after a restore, or to fix a counting bug):
 * every day hash and the member count are replaced in one transaction, so a report read meanwhile
 * sees the old numbers or the new, never a mix.
 */
import { recordFamilies } from '../../record-families';
import type { VenueData } from '../../../shared/venue-data/format';
import type { RecordFamilies } from '../../../shared/venue-data/registry';
import { readVenueData } from '../../../shared/venue-data/store';
import { withStore, type Store } from '../../../shared/server/store';
import { reportTotals, type ReportTotals } from '../rules/rebuild';
import { MEMBERS_ACTIVE_KEY, REPORT_DAY_PREFIX, REPORT_RUNNING_KEY, reportDayKey } from './report-keys';

/** Every day hash the store holds. */
async function storedDayKeys(store: Store): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | number = 0;
  do {
    const [next, batch]: [string | number, string[]] = await store.scan(cursor, { match: `${REPORT_DAY_PREFIX}*`, count: 1000 });
    keys.push(...batch);
    cursor = next;
  } while (String(cursor) !== '0');
  return keys;
}

/** Replaces the stored aggregates with `totals`. */
export async function writeReportTotals(totals: ReportTotals): Promise<{ days: number }> {
  await withStore(async (store) => {
    const old = await storedDayKeys(store);
    const transaction = store.multi();
    transaction.del(...old, REPORT_RUNNING_KEY);
    if (Object.keys(totals.running).length > 0) transaction.hset(REPORT_RUNNING_KEY, { ...totals.running });
    for (const [date, fields] of totals.days) transaction.hset(reportDayKey(date), { ...fields });
    // No key reads as 0, as before any membership event.
    if (totals.activeMembers > 0) transaction.set(MEMBERS_ACTIVE_KEY, totals.activeMembers);
    else transaction.del(MEMBERS_ACTIVE_KEY);
    await transaction.exec();
  });
  return { days: totals.days.size };
}

/** The aggregates of `data` (a restored file), written in place of what the store held. */
export async function writeReportsOf(data: Pick<VenueData, 'records'>, families: RecordFamilies = recordFamilies): Promise<{ days: number }> {
  return writeReportTotals(reportTotals(data, families));
}

/** Reads every record and rewrites the aggregates from them. */
export async function rebuildReports(families: RecordFamilies = recordFamilies): Promise<{ days: number; activeMembers: number }> {
  const { data } = await readVenueData(families);
  const totals = reportTotals(data, families);
  const { days } = await writeReportTotals(totals);
  return { days, activeMembers: totals.activeMembers };
}
