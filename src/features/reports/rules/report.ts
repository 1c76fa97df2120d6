/**
 * The report staff see, built from the day aggregates of a range: revenue by week and product,
 * bay use by weekday and half hour, memberships by week, league fill. Pure: the server reads the
 * days and the content, this adds them up.
 */
import { WEEKDAYS, type Weekday } from '../../../domain/weekdays';
import { addDays, weekdayOf } from '../../../domain/venue-calendar';
import { daysOf, weekStart, weeksOf, type DayRange } from './range';
import { funnelOf, liabilityByMonth, type FunnelStep, type LiabilityMonth } from './liability';
import type { DayTotals } from './tally';
import { MEMBERS_CANCELLED, MEMBERS_STARTED, refundField, revenueField, USE_KINDS, USE_SLOT_MINUTES, useField, type UseKind } from './tally';

export type { DayTotals } from './tally';

export interface ReportProduct {
  kind: string;
  label: string;
}

export interface RevenueWeek {
  /** Its Monday. */
  week: string;
  /** Captured, by product kind (cents). */
  captured: Record<string, number>;
  /** Refunded, by product kind (cents, positive; shown as negative). */
  refunded: Record<string, number>;
  /** Captured minus refunded, all products. */
  totalCents: number;
}

export interface UseCell {
  /** Minutes after the venue's midnight where the half hour starts. */
  minute: number;
  /** Bay-minutes the venue could sell in this half hour over the range (bays × 30 × open days); 0 when closed. */
  capacity: number;
  booked: Record<UseKind, number>;
  /** Booked of capacity, all kinds, 0-1 (0 when closed). */
  share: number;
}

export interface UseRow {
  weekday: Weekday;
  cells: UseCell[];
}

export interface MembersWeek {
  week: string;
  started: number;
  cancelled: number;
  /** Active at the end of the week (or of the range). */
  active: number;
}

export interface LeagueFill {
  sessionId: string;
  name: string;
  teams: number;
  /** Teams the tee times hold; null when unlimited. */
  capacity: number | null;
}

export interface PeakWindow {
  days: readonly Weekday[];
  from: number;
  until: number;
}

export interface Report {
  range: DayRange;
  products: ReportProduct[];
  revenue: RevenueWeek[];
  use: { slots: number[]; rows: UseRow[]; peak: PeakWindow[] };
  members: MembersWeek[];
  league: LeagueFill[];
  /** Gift cards outstanding at the range's end by month of issue; absent while gift cards are not sold. */
  giftCards?: LiabilityMonth[];
  /** Event requests by the furthest stage reached within the range; absent while deposits are not taken. */
  funnel?: FunnelStep[];
}

/** The products whose reports show only once they are sold. */
export const GIFT_CARD_PRODUCT = 'gift-card';
export const EVENT_DEPOSIT_PRODUCT = 'event-deposit';

export interface ReportInputs {
  range: DayRange;
  /** The range's days and every later day up to today that has data (for the active count). */
  days: ReadonlyMap<string, DayTotals>;
  products: readonly ReportProduct[];
  /** Per weekday, minutes after local midnight; absent = closed. */
  hours: Partial<Record<Weekday, { opens: number; closes: number }>>;
  bays: number;
  peak: readonly PeakWindow[];
  /** Members active now, as the running count says. */
  activeNow: number;
  /** Running totals of every day so far (the gift card liability's). */
  running: DayTotals;
  league: readonly LeagueFill[];
}

const value = (totals: DayTotals | undefined, field: string): number => Number(totals?.[field] ?? 0);

export function revenueByWeek(inputs: Pick<ReportInputs, 'range' | 'days' | 'products'>): RevenueWeek[] {
  const weeks = new Map(weeksOf(inputs.range).map((week): [string, RevenueWeek] => [week, { week, captured: {}, refunded: {}, totalCents: 0 }]));
  for (const day of daysOf(inputs.range)) {
    const entry = weeks.get(weekStart(day))!;
    const totals = inputs.days.get(day);
    for (const { kind } of inputs.products) {
      const captured = value(totals, revenueField(kind));
      const refunded = value(totals, refundField(kind));
      entry.captured[kind] = (entry.captured[kind] ?? 0) + captured;
      entry.refunded[kind] = (entry.refunded[kind] ?? 0) + refunded;
      entry.totalCents += captured - refunded;
    }
  }
  return [...weeks.values()];
}

/** Half hours from the earliest opening to the latest closing of the week. */
export function useSlots(hours: ReportInputs['hours']): number[] {
  const open = Object.values(hours);
  if (open.length === 0) return [];
  const first = Math.min(...open.map((day) => day.opens));
  const last = Math.max(...open.map((day) => day.closes));
  const slots: number[] = [];
  for (let minute = first - (first % USE_SLOT_MINUTES); minute < last; minute += USE_SLOT_MINUTES) slots.push(minute);
  return slots;
}

export function bayUse(inputs: Pick<ReportInputs, 'range' | 'days' | 'hours' | 'bays' | 'peak'>): Report['use'] {
  const slots = useSlots(inputs.hours);
  const daysByWeekday = new Map<Weekday, string[]>(WEEKDAYS.map((weekday) => [weekday, []]));
  for (const day of daysOf(inputs.range)) daysByWeekday.get(weekdayOf(day))!.push(day);
  const rows = WEEKDAYS.map((weekday): UseRow => {
    const hours = inputs.hours[weekday];
    const days = daysByWeekday.get(weekday)!;
    return {
      weekday,
      cells: slots.map((minute): UseCell => {
        const open = hours !== undefined && hours.opens <= minute && minute + USE_SLOT_MINUTES <= hours.closes;
        const capacity = open ? inputs.bays * USE_SLOT_MINUTES * days.length : 0;
        const booked = Object.fromEntries(USE_KINDS.map((kind) => [kind, days.reduce((sum, day) => sum + value(inputs.days.get(day), useField(kind, minute)), 0)])) as Record<UseKind, number>;
        const total = USE_KINDS.reduce((sum, kind) => sum + booked[kind], 0);
        return { minute, capacity, booked, share: capacity > 0 ? Math.min(1, total / capacity) : 0 };
      }),
    };
  });
  return { slots, rows, peak: [...inputs.peak] };
}

/**
 * Members started and cancelled each week, and active at its end: the running count now, less
 * what started (plus what was cancelled) after that end.
 */
export function membersByWeek(inputs: Pick<ReportInputs, 'range' | 'days' | 'activeNow'>): MembersWeek[] {
  const weeks = weeksOf(inputs.range);
  const laterDays = [...inputs.days.keys()].sort();
  return weeks.map((week) => {
    const start = week < inputs.range.from ? inputs.range.from : week;
    const end = addDays(week, 6) < inputs.range.to ? addDays(week, 6) : inputs.range.to;
    let started = 0;
    let cancelled = 0;
    for (const day of daysOf({ from: start, to: end })) {
      started += value(inputs.days.get(day), MEMBERS_STARTED);
      cancelled += value(inputs.days.get(day), MEMBERS_CANCELLED);
    }
    const after = laterDays.filter((day) => day > end).reduce((net, day) => net + value(inputs.days.get(day), MEMBERS_STARTED) - value(inputs.days.get(day), MEMBERS_CANCELLED), 0);
    return { week, started, cancelled, active: Math.max(0, inputs.activeNow - after) };
  });
}

export function buildReport(inputs: ReportInputs): Report {
  return {
    range: inputs.range,
    products: [...inputs.products],
    revenue: revenueByWeek(inputs),
    use: bayUse(inputs),
    members: membersByWeek(inputs),
    league: [...inputs.league],
    ...(inputs.products.some((product) => product.kind === GIFT_CARD_PRODUCT) ? { giftCards: liabilityByMonth(inputs.running, inputs.days, inputs.range.to) } : {}),
    ...(inputs.products.some((product) => product.kind === EVENT_DEPOSIT_PRODUCT) ? { funnel: funnelOf(inputs.days, inputs.range.from, inputs.range.to) } : {}),
  };
}
