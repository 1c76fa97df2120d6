/**
 * What a change adds to the day aggregates the reports read: revenue and refunds by product, bay
 * use by half hour, memberships started and cancelled. Each write computes its tallies here and
 * applies them in its own atomic step (server/tally-step.ts), and the rebuild computes them the same
 * way from the records, so the two agree by construction. Amounts in cents, days venue-local.
 */
import { addDays, venueDate } from '../../../domain/venue-calendar';
import { minutesOfDay } from '../../../domain/clock';

import type { DayTally } from '../../../shared/venue-data/registry';

/** One field of one day's hash changed by `delta`. */
export type Tally = DayTally;

/** One day's aggregates: field → count (cents, minutes, members). */
export type DayTotals = Readonly<Record<string, number>>;

/** Bay use is counted per half hour. */
export const USE_SLOT_MINUTES = 30;
/** How bay time was taken, each shown apart. */
export const USE_KINDS = ['paid', 'included', 'desk', 'block'] as const;
export type UseKind = (typeof USE_KINDS)[number];

export const revenueField = (product: string): string => `rev:${product}`;
export const refundField = (product: string): string => `ref:${product}`;
export const useField = (kind: UseKind, minute: number): string => `use:${kind}:${minute}`;
export const MEMBERS_STARTED = 'mem:started';
export const MEMBERS_CANCELLED = 'mem:cancelled';

/** A payment captured at `at` for `product`. */
export function revenueTally(product: string, cents: number, at: Date): Tally[] {
  return cents === 0 ? [] : [{ date: venueDate(at), field: revenueField(product), delta: Math.round(cents) }];
}

/** A refund paid at `at`, counted on its own day (not the payment's). */
export function refundTally(product: string, cents: number, at: Date): Tally[] {
  return cents === 0 ? [] : [{ date: venueDate(at), field: refundField(product), delta: Math.round(cents) }];
}

export function membershipTally(change: 'started' | 'cancelled', at: Date): Tally[] {
  return [{ date: venueDate(at), field: change === 'started' ? MEMBERS_STARTED : MEMBERS_CANCELLED, delta: 1 }];
}

/** Bay time as the use report sees it: venue-local start, length, how much of it was member-included. */
export interface BayUse {
  date: string;
  /** '18:30'. */
  start: string;
  lengthMinutes: number;
  includedMinutes: number;
  /** A guest's or member's booking taken online ('paid' for what is not included), at the desk, or a staff block. */
  taken: 'online' | 'desk' | 'block';
}

/**
 * The bay-minutes a booking fills in each half hour, `sign` 1 when it is taken and -1 when it is
 * given back. Its first `includedMinutes` minutes count as included, the rest by how it was taken.
 */
export function bayUseTally(use: BayUse, sign: 1 | -1 = 1): Tally[] {
  const totals = new Map<string, Tally>();
  const startMinute = minutesOfDay(use.start);
  let minute = 0;
  while (minute < use.lengthMinutes) {
    const absolute = startMinute + minute;
    const dayOffset = Math.floor(absolute / 1440);
    const ofDay = absolute % 1440;
    const slot = ofDay - (ofDay % USE_SLOT_MINUTES);
    const included = minute < use.includedMinutes;
    // Run to whichever comes first: the slot's end, the end of the included part, the booking's end.
    const end = Math.min(minute + (slot + USE_SLOT_MINUTES - ofDay), included ? use.includedMinutes : use.lengthMinutes, use.lengthMinutes);
    const kind: UseKind = included ? 'included' : use.taken === 'online' ? 'paid' : use.taken;
    const date = addDays(use.date, dayOffset);
    const field = useField(kind, slot);
    const key = `${date} ${field}`;
    const entry = totals.get(key) ?? { date, field, delta: 0 };
    entry.delta += sign * (end - minute);
    totals.set(key, entry);
    minute = end;
  }
  return [...totals.values()];
}

/** Tallies grouped by day, each field once (deltas summed, zeros left out), days in order. */
export function byDay(tallies: readonly Tally[]): Array<{ date: string; changes: Array<[field: string, delta: number]> }> {
  const days = new Map<string, Map<string, number>>();
  for (const { date, field, delta } of tallies) {
    const fields = days.get(date) ?? new Map<string, number>();
    fields.set(field, (fields.get(field) ?? 0) + delta);
    days.set(date, fields);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, fields]) => ({ date, changes: [...fields.entries()].filter(([, delta]) => delta !== 0) }))
    .filter((day) => day.changes.length > 0);
}
