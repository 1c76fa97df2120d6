/**
 * Each chart's numbers as CSV, exactly the numbers its table shows: amounts in dollars with cents,
 * shares as percentages, times on the venue's 12-hour clock.
 */
import { toCsv } from '../../../domain/csv';
import { formatClock } from '../../../domain/clock';
import type { Report } from './report';
import { USE_KINDS } from './tally';

type Cell = string | number;

export const REPORT_CHARTS = ['revenue', 'bay-use', 'members', 'league', 'gift-cards', 'funnel'] as const;
export type ReportChart = (typeof REPORT_CHARTS)[number];

/** Dollars as a number (a negative one stays a number in a spreadsheet, never text). */
const dollars = (cents: number): number => Math.round(cents) / 100;
export const percent = (share: number): string => `${Math.round(share * 1000) / 10}%`;

export function revenueRows(report: Report): Cell[][] {
  const header = ['Week of', ...report.products.flatMap((product) => [product.label, `${product.label} refunds`]), 'Total'];
  return [
    header,
    ...report.revenue.map((week) => [
      week.week,
      ...report.products.flatMap((product) => [dollars(week.captured[product.kind] ?? 0), dollars(-(week.refunded[product.kind] ?? 0))]),
      dollars(week.totalCents),
    ]),
  ];
}

export function useRows(report: Report): Cell[][] {
  const header = ['Weekday', 'Half hour', 'Bay-minutes open', ...USE_KINDS.map((kind) => `Booked ${kind}`), 'Share booked'];
  return [
    header,
    ...report.use.rows.flatMap((row) =>
      row.cells.filter((cell) => cell.capacity > 0).map((cell) => [row.weekday, formatClock(cell.minute, 'full'), cell.capacity, ...USE_KINDS.map((kind) => cell.booked[kind]), percent(cell.share)]),
    ),
  ];
}

export function memberRows(report: Report): Cell[][] {
  return [['Week of', 'Started', 'Cancelled', 'Active at week end'], ...report.members.map((week) => [week.week, week.started, week.cancelled, week.active])];
}

export function leagueRows(report: Report): Cell[][] {
  return [['Session', 'Teams registered', 'Tee-time capacity'], ...report.league.map((fill) => [fill.name, fill.teams, fill.capacity ?? 'Unlimited'])];
}

export function giftCardRows(report: Report): Cell[][] {
  return [['Month of issue', 'Issued', 'Redeemed', 'Outstanding'], ...(report.giftCards ?? []).map((month) => [month.month, dollars(month.issuedCents), dollars(month.redeemedCents), dollars(month.outstandingCents)])];
}

export function funnelRows(report: Report): Cell[][] {
  return [['Stage', 'Event requests'], ...(report.funnel ?? []).map((step) => [step.label, step.count])];
}

const ROWS: Record<ReportChart, (report: Report) => Cell[][]> = { revenue: revenueRows, 'bay-use': useRows, members: memberRows, league: leagueRows, 'gift-cards': giftCardRows, funnel: funnelRows };

export function chartCsv(report: Report, chart: ReportChart): string {
  return toCsv(ROWS[chart](report));
}
