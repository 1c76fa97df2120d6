/**
 * What a membership plan gives at booking, read from the plan's own printed terms in memberships.json
 * ("1 hour per day", "Monday-Thursday only" or "Anytime", "No guests" or "Unlimited guests"), so the
 * page and the server cannot disagree. A plan whose terms cannot be read fails the content check.
 */
import { WEEKDAYS, type Weekday } from '../../../domain/weekdays';
import type { Plan } from '../../memberships/rules/membership';

export interface MemberBenefit {
  /** The plan's tier as people read it: 'Bogey+'. */
  plan: string;
  /** Included bay time per venue-local day, in minutes. */
  includedMinutesPerDay: number;
  /** The weekdays the included time may be used. */
  days: readonly Weekday[];
  /** The largest party a member may bring (themselves included); null = unlimited. */
  maxPartySize: number | null;
}

function readHours(text: string): number | null {
  const match = /^(\d+(?:\.5)?) hours? per day$/i.exec(text.trim());
  return match ? Number(match[1]) * 60 : null;
}

function readDays(text: string): Weekday[] | null {
  if (/^any ?time$|^any day$/i.test(text.trim())) return [...WEEKDAYS];
  const match = /^(\w+)(?:-(\w+))? only$/i.exec(text.trim());
  const from = WEEKDAYS.findIndex((day) => day.toLowerCase() === match?.[1]?.toLowerCase());
  const to = match?.[2] === undefined ? from : WEEKDAYS.findIndex((day) => day.toLowerCase() === match[2]!.toLowerCase());
  return from >= 0 && to >= from ? WEEKDAYS.slice(from, to + 1) : null;
}

function readGuests(text: string): number | null | undefined {
  if (/^no guests$/i.test(text.trim())) return 1;
  if (/^unlimited guests$/i.test(text.trim())) return null;
  const match = /^up to (\d+) guests?$/i.exec(text.trim());
  return match ? Number(match[1]) + 1 : undefined;
}

/** A plan term the booking rules cannot read: the field and why. */
export interface PlanTermProblem {
  field: 'dailyReservations' | 'playingRestrictions' | 'guestsAllowed';
  message: string;
}

/** The plan's benefit, or the problems that keep its terms from being read. */
export function memberBenefit(plan: Pick<Plan, 'tier' | 'dailyReservations' | 'playingRestrictions' | 'guestsAllowed'>): MemberBenefit | PlanTermProblem[] {
  const minutes = readHours(plan.dailyReservations);
  const days = readDays(plan.playingRestrictions);
  const guests = readGuests(plan.guestsAllowed);
  const problems: PlanTermProblem[] = [
    ...(minutes === null ? [{ field: 'dailyReservations' as const, message: `${plan.tier}: "${plan.dailyReservations}" must read like "1 hour per day"` }] : []),
    ...(days === null ? [{ field: 'playingRestrictions' as const, message: `${plan.tier}: "${plan.playingRestrictions}" must read like "Anytime" or "Monday-Thursday only"` }] : []),
    ...(guests === undefined ? [{ field: 'guestsAllowed' as const, message: `${plan.tier}: "${plan.guestsAllowed}" must read "No guests", "Unlimited guests" or "Up to 3 guests"` }] : []),
  ];
  if (problems.length > 0 || minutes === null || days === null || guests === undefined) return problems;
  return { plan: plan.tier, includedMinutesPerDay: minutes, days, maxPartySize: guests };
}

/** When a membership's benefits apply (ms): its current paid period, cut at any scheduled cancellation. */
export interface BenefitPeriod {
  from: number;
  until: number;
}

/**
 * Whether included time may cover a booking starting at `startsAt`: only within the subscription's
 * current paid period and before any scheduled cancellation ([from, until)). Without a known period
 * (a member not checked with Stripe) nothing limits it.
 */
export function benefitApplies(period: BenefitPeriod | undefined, startsAt: number): boolean {
  return !period || (startsAt >= period.from && startsAt < period.until);
}
