/**
 * Gift cards outstanding (what the venue owes: issued minus redeemed), by month of issue, and event
 * requests as a funnel (new → quoted → deposit paid → held). Each write tallies its change on its
 * day; the liability also keeps running totals (all days so far), so the outstanding amount at the
 * end of any range is the running total less what changed after it, read in the same round trip.
 */
import { venueDate } from '../../../domain/venue-calendar';
import type { DayTotals, Tally } from './tally';

export const giftIssuedField = (issueMonth: string): string => `gc:issued:${issueMonth}`;
export const giftRedeemedField = (issueMonth: string): string => `gc:redeemed:${issueMonth}`;
const GIFT_FIELD = /^gc:(issued|redeemed):(\d{4}-\d{2})$/;

/** The month a card was issued, venue-local: '2026-11'. */
export const issueMonthOf = (issuedAt: Date): string => venueDate(issuedAt).slice(0, 7);

/** A card's value issued (bought or given as a prize), on its day, by its month of issue. */
export function giftIssuedTally(cents: number, issuedAt: Date): Tally[] {
  return cents === 0 ? [] : [{ date: venueDate(issuedAt), field: giftIssuedField(issueMonthOf(issuedAt)), delta: Math.round(cents) }];
}

/** Value taken off a card (spent, voided; negative for money given back to it), on the day, by the card's month of issue. */
export function giftRedeemedTally(cents: number, issuedAt: Date, at: Date): Tally[] {
  return cents === 0 ? [] : [{ date: venueDate(at), field: giftRedeemedField(issueMonthOf(issuedAt)), delta: Math.round(cents) }];
}

export interface LiabilityMonth {
  /** '2026-11'. */
  month: string;
  issuedCents: number;
  redeemedCents: number;
  outstandingCents: number;
}

/**
 * Outstanding at the end of `asOf` (a day): running totals now, less the day tallies after it.
 * Months with nothing issued by then are left out.
 */
export function liabilityByMonth(running: DayTotals, days: ReadonlyMap<string, DayTotals>, asOf: string): LiabilityMonth[] {
  const totals = new Map<string, { issued: number; redeemed: number }>();
  const add = (fields: DayTotals, sign: 1 | -1) => {
    for (const [field, value] of Object.entries(fields)) {
      const match = GIFT_FIELD.exec(field);
      if (!match) continue;
      const entry = totals.get(match[2]!) ?? { issued: 0, redeemed: 0 };
      entry[match[1] as 'issued' | 'redeemed'] += sign * Number(value);
      totals.set(match[2]!, entry);
    }
  };
  add(running, 1);
  for (const [day, fields] of days) if (day > asOf) add(fields, -1);
  return [...totals.entries()]
    .filter(([month, entry]) => entry.issued > 0 && month <= asOf.slice(0, 7))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, { issued, redeemed }]) => ({ month, issuedCents: issued, redeemedCents: redeemed, outstandingCents: issued - redeemed }));
}

export const FUNNEL_STAGES = ['new', 'quoted', 'paid', 'held'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
export const FUNNEL_LABELS: Record<FunnelStage, string> = { new: 'Requests', quoted: 'Quoted', paid: 'Deposit paid', held: 'Held' };
export const funnelField = (stage: FunnelStage): string => `ev:${stage}`;

/** An event request reaching a stage, on that day. */
export function funnelTally(stage: FunnelStage, at: Date): Tally[] {
  return [{ date: venueDate(at), field: funnelField(stage), delta: 1 }];
}

export interface FunnelStep {
  stage: FunnelStage;
  label: string;
  count: number;
}

/** Requests reaching each stage within the range's days. */
export function funnelOf(days: ReadonlyMap<string, DayTotals>, from: string, to: string): FunnelStep[] {
  return FUNNEL_STAGES.map((stage) => ({
    stage,
    label: FUNNEL_LABELS[stage],
    count: [...days.entries()].filter(([day]) => day >= from && day <= to).reduce((sum, [, fields]) => sum + Number(fields[funnelField(stage)] ?? 0), 0),
  }));
}
