/**
 * The report aggregates recomputed from records: what each record family says its entries add
 * (RecordFamily.tallies), summed by day, and the active member count as members started less
 * cancelled. Pure: the rebuild command and the data import write what this answers.
 */
import type { VenueData } from '../../../shared/venue-data/format';
import type { RecordFamilies } from '../../../shared/venue-data/registry';
import type { DayTotals } from './report';
import { byDay, MEMBERS_CANCELLED, MEMBERS_STARTED, type Tally } from './tally';

export interface ReportTotals {
  days: Map<string, DayTotals>;
  activeMembers: number;
  /** The gift card liability's running totals (its fields over all days). */
  running: DayTotals;
}

/** Fields kept as running totals too. */
export const isRunningField = (field: string): boolean => field.startsWith('gc:');

export function reportTotals(data: Pick<VenueData, 'records'>, families: RecordFamilies): ReportTotals {
  const tallies: Tally[] = families.flatMap((family) => (family.tallies ? (data.records[family.name] ?? []).flatMap((entry) => [...family.tallies!(entry)]) : []));
  const days = new Map(byDay(tallies).map(({ date, changes }): [string, DayTotals] => [date, Object.fromEntries(changes)]));
  let activeMembers = 0;
  const running: Record<string, number> = {};
  for (const totals of days.values()) {
    activeMembers += (totals[MEMBERS_STARTED] ?? 0) - (totals[MEMBERS_CANCELLED] ?? 0);
    for (const [field, value] of Object.entries(totals)) if (isRunningField(field)) running[field] = (running[field] ?? 0) + value;
  }
  return { days, activeMembers: Math.max(0, activeMembers), running: Object.fromEntries(Object.entries(running).filter(([, value]) => value !== 0)) };
}
