/**
 * The report of a range, read in two round trips: the day aggregates of the range (and of the days
 * after it, up to today, for the active member count) with the running member count in one
 * pipeline, and the league's registered teams per tee time in one script.
 */
import { bayBooking } from '../../bay-booking/catalogue';
import { league as leagueData } from '../../league/catalogue';
import { slotPairs } from '../../league/rules/availability';
import type { League } from '../../league/rules/league';
import { takenPlaces } from '../../league/server/registrations-store';
import { PAID_PRODUCT_KINDS } from '../../paid-product-kinds';
import { venueDate } from '../../../domain/venue-calendar';
import { withStore } from '../../../shared/server/store';
import { daysOf, type DayRange } from '../rules/range';
import { buildReport, type DayTotals, type LeagueFill, type Report, type ReportProduct } from '../rules/report';
import { MEMBERS_ACTIVE_KEY, REPORT_RUNNING_KEY, reportDayKey } from './report-keys';

/** How each paid product's revenue is named in the report; a product shows once it is registered. */
const PRODUCT_LABELS: Readonly<Record<string, string>> = {
  league: 'League fees',
  membership: 'Memberships',
  bay: 'Bay time',
  'gift-card': 'Gift cards sold',
  'event-deposit': 'Event deposits',
};

export function reportProducts(kinds: readonly string[] = PAID_PRODUCT_KINDS): ReportProduct[] {
  return kinds.map((kind) => ({ kind, label: PRODUCT_LABELS[kind] ?? kind }));
}

/** Day hashes as numbers (Upstash answers numbers or numeric strings). */
function totalsOf(hash: unknown): DayTotals {
  if (!hash || typeof hash !== 'object') return {};
  return Object.fromEntries(Object.entries(hash as Record<string, unknown>).map(([field, value]) => [field, Number(value) || 0]));
}

/** The day aggregates from `from` to the later of `to` and today, and the active member count. */
export async function readDays(range: DayRange, today: string): Promise<{ days: Map<string, DayTotals>; activeNow: number; running: DayTotals }> {
  const days = daysOf({ from: range.from, to: today > range.to ? today : range.to });
  const answers = await withStore((store) => {
    const pipeline = store.pipeline();
    for (const day of days) pipeline.hgetall(reportDayKey(day));
    pipeline.get(MEMBERS_ACTIVE_KEY);
    pipeline.hgetall(REPORT_RUNNING_KEY);
    return pipeline.exec<unknown[]>();
  });
  const active = Number(answers.at(-2)) || 0;
  return { days: new Map(days.map((day, index) => [day, totalsOf(answers[index])])), activeNow: Math.max(0, active), running: totalsOf(answers.at(-1)) };
}

/** Teams registered and paid per session against what its tee times hold. */
export async function leagueFill(league: Pick<League, 'sessions' | 'teeTimes'>, now: Date): Promise<LeagueFill[]> {
  const pairs = slotPairs(league);
  // A hold of 0 ms: only completed registrations count as registered.
  const taken = await takenPlaces(pairs, { now: now.getTime(), holdMs: 0 });
  const perTeeTime = league.teeTimes.capacityPerTeeTime;
  const teeTimes = league.teeTimes.days.length * league.teeTimes.slots.length;
  return league.sessions.map((session) => ({
    sessionId: session.id,
    name: session.name,
    teams: pairs.reduce((sum, pair, index) => sum + (pair.sessionId === session.id ? (taken[index] ?? 0) : 0), 0),
    capacity: perTeeTime === undefined ? null : perTeeTime * teeTimes,
  }));
}

export async function readReport(range: DayRange, now: Date, options: { league?: League } = {}): Promise<Report> {
  const [{ days, activeNow, running }, league] = await Promise.all([readDays(range, venueDate(now)), leagueFill(options.league ?? leagueData, now)]);
  return buildReport({
    range,
    days,
    activeNow,
    running,
    products: reportProducts(),
    hours: bayBooking.hours,
    bays: bayBooking.bays.length,
    peak: bayBooking.peak,
    league,
  });
}
