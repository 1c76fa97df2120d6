/**
 * An event quote's arithmetic (pure, in cents): the lines the chosen spaces, packages and extra
 * lines make, the total, the deposit by the rule (or the staff's override), and the dates its terms
 * name (headcount due, full refund until, expiry). Whatever the admin island shows of a quote is
 * what `priceQuote` answered on the server.
 */
import { minutesOfDay } from '../../../domain/clock';
import { centsToDollars, formatMoney } from '../../../domain/money';
import { addDays, clockText, isCalendarDate, localInstant, localMoment, weekdayOf } from '../../bay-booking/rules/local-time';
import { leagueBlocks } from '../../bay-booking/rules/rules';
import type { QuoteConfig, QuoteResource } from './quote-config';

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
/** The most any one extra line may be: a typo's guard ($50,000). */
export const MAX_LINE_CENTS = 5_000_000;
export const MAX_EXTRA_LINES = 20;

/** What staff ask for; every amount but the extra lines' comes from content. */
export interface QuoteDraft {
  /** Venue-local 'YYYY-MM-DD'. */
  date: string;
  /** Venue-local 'HH:MM', on the half hour. */
  start: string;
  end: string;
  /** Resource ids (bays and private spaces). */
  spaces: string[];
  guests: number;
  packages: Array<{ id: string; guests: number }>;
  extras: Array<{ label: string; amountCents: number }>;
  depositOverride?: { amountCents: number; reason: string } | undefined;
}

export interface QuoteLine {
  kind: 'space' | 'package' | 'extra' | 'minimum';
  label: string;
  amountCents: number;
}

export interface PricedQuote {
  date: string;
  start: string;
  end: string;
  /** UTC ms. */
  startsAt: number;
  endsAt: number;
  spaces: string[];
  guests: number;
  /** The choices it was priced from, so a later version starts from them. */
  packages: QuoteDraft['packages'];
  extras: QuoteDraft['extras'];
  lines: QuoteLine[];
  totalCents: number;
  depositCents: number;
  /** Set when staff overrode the rule. */
  depositReason?: string;
  /** The last day (venue-local date) the final headcount may be given or changed. */
  headcountDue: string;
  /** Until this instant (UTC ms) a cancellation refunds the deposit in full; after it the deposit is kept. */
  fullRefundUntil: number;
  /** The quote lapses (and its hold is released) at this instant unless its deposit is paid. */
  expiresAt: number;
}

/** The rule: `percent` of the total, at least the minimum, never more than the total. */
export function depositFor(rule: QuoteConfig['deposit'], totalCents: number): number {
  return Math.min(totalCents, Math.max(Math.round((totalCents * rule.percent) / 100), rule.minimumCents));
}

/** The part of `paidCents` a cancellation at `now` gives back: all of it until `fullRefundUntil`, none after. */
export function cancellationRefund(quote: Pick<PricedQuote, 'fullRefundUntil'>, paidCents: number, now: number): number {
  return now < quote.fullRefundUntil ? paidCents : 0;
}

/** Whether the headcount and lines may still change at `now` (until the end of the due date, venue-local). */
export function headcountOpen(quote: Pick<PricedQuote, 'headcountDue'>, now: number): boolean {
  return localMoment(now).date <= quote.headcountDue;
}

/** The dates a quote's terms name, for an event starting at `date`/`startMinute` and a quote made at `now`. */
export function policyDates(config: Pick<QuoteConfig, 'headcountDaysBefore' | 'fullRefundDaysBefore' | 'quoteExpiryDays'>, date: string, startMinute: number, now: number) {
  const startsAt = localInstant(date, startMinute);
  return {
    headcountDue: addDays(date, -config.headcountDaysBefore),
    fullRefundUntil: localInstant(addDays(date, -config.fullRefundDaysBefore), startMinute),
    expiresAt: Math.min(now + config.quoteExpiryDays * DAY_MS, startsAt),
  };
}

/** The half-hour instants a resource claims for an event: its range and its buffer after. */
export function resourceInstants(config: QuoteConfig, resource: Pick<QuoteResource, 'bufferMinutes'>, startsAt: number, endsAt: number): number[] {
  const step = config.calendar.slotMinutes * MINUTE_MS;
  const until = endsAt + resource.bufferMinutes * MINUTE_MS;
  const instants: number[] = [];
  for (let at = startsAt; at < until; at += step) instants.push(at);
  return instants;
}

const isPeak = (config: QuoteConfig, instant: number) => {
  const local = localMoment(instant);
  return config.calendar.peak.some((window) => window.days.includes(local.weekday) && local.minute >= window.from && local.minute < window.until);
};

const money = (cents: number) => formatMoney(centsToDollars(cents));

function resourceLine(config: QuoteConfig, resource: QuoteResource, startsAt: number, endsAt: number, range: string): QuoteLine {
  const step = config.calendar.slotMinutes * MINUTE_MS;
  const price = resource.price;
  if (price.kind === 'minimum-spend') return { kind: 'space', label: `${resource.name}, ${range} (room included with a ${money(price.minimumCents)} food and drink minimum)`, amountCents: 0 };
  if (price.kind === 'per-hour') return { kind: 'space', label: `${resource.name}, ${range}`, amountCents: Math.round((price.perHourCents * (endsAt - startsAt)) / (60 * MINUTE_MS)) };
  // Each half hour at its own rate, summed exactly (cent-minutes) and rounded once for the whole range.
  let centMinutes = 0;
  for (let at = startsAt; at < endsAt; at += step) centMinutes += (isPeak(config, at) ? price.peakCents : price.offPeakCents) * config.calendar.slotMinutes;
  return { kind: 'space', label: `${resource.name} at the event rate, ${range}`, amountCents: Math.round(centMinutes / 60) };
}

const HALF_HOUR = /^(?:[01]\d|2[0-3]):[03]0$|^24:00$/;

/** Why the draft cannot be quoted (each a sentence for staff), checked against content and the calendar rules. */
function draftProblems(config: QuoteConfig, draft: QuoteDraft, now: number): string[] {
  const problems: string[] = [];
  if (!isCalendarDate(draft.date)) return ['Choose a date like 2026-12-04.'];
  if (!HALF_HOUR.test(draft.start) || !HALF_HOUR.test(draft.end)) return ['Start and end on the hour or half hour, like 18:00 and 21:30.'];
  const from = minutesOfDay(draft.start);
  const until = minutesOfDay(draft.end);
  const weekday = weekdayOf(draft.date);
  const hours = config.calendar.hours[weekday];
  const closed = config.calendar.blackouts.find((blackout) => blackout.date === draft.date && !blackout.bays);
  if (!hours || closed) problems.push(closed ? `The venue is closed on ${draft.date}: ${closed.reason}.` : `The venue is closed on ${weekday}s.`);
  else if (from >= until || from < hours.opens || until > hours.closes) problems.push(`Choose a time range inside the opening hours, ${clockText(hours.opens)} to ${clockText(hours.closes)} on ${weekday}s.`);
  if (localInstant(draft.date, from) <= now) problems.push('The event must start in the future.');
  const resources = draft.spaces.map((id) => config.resources.find((resource) => resource.id === id));
  if (draft.spaces.length === 0) problems.push('Choose at least one space.');
  if (new Set(draft.spaces).size !== draft.spaces.length) problems.push('A space is chosen twice.');
  draft.spaces.forEach((id, index) => {
    if (!resources[index]) problems.push(`There is no space "${id}".`);
  });
  const capacity = resources.reduce((sum, resource) => sum + (resource?.capacity ?? 0), 0);
  if (!Number.isInteger(draft.guests) || draft.guests < 1) problems.push('The headcount must be a whole number of guests, at least 1.');
  else if (resources.every(Boolean) && draft.guests > capacity) problems.push(`${draft.guests} guests is more than the chosen spaces hold (${capacity}).`);
  if (hours && from < until) {
    for (const resource of resources) {
      if (!resource || resource.kind !== 'bay') continue;
      const blocked = leagueBlocks(config.calendar, draft.date, resource.id).find((block) => block.from < localInstant(draft.date, until) + resource.bufferMinutes * MINUTE_MS && block.until > localInstant(draft.date, from));
      if (blocked) problems.push(`${resource.name} is held for ${blocked.label} then.`);
      const blackout = config.calendar.blackouts.find((each) => each.date === draft.date && each.bays?.includes(resource.id));
      if (blackout) problems.push(`${resource.name} is closed on ${draft.date}: ${blackout.reason}.`);
    }
  }
  const packageIds = draft.packages.map((each) => each.id);
  draft.packages.forEach((each, index) => {
    if (!config.packages.some((known) => known.id === each.id)) problems.push(`There is no package "${each.id}".`);
    else if (packageIds.indexOf(each.id) !== index) problems.push(`The package "${each.id}" is listed twice.`);
    if (!Number.isInteger(each.guests) || each.guests < 1 || each.guests > draft.guests) problems.push(`A package is for 1 to ${draft.guests} guests.`);
  });
  if (draft.extras.length > MAX_EXTRA_LINES) problems.push(`A quote has at most ${MAX_EXTRA_LINES} extra lines.`);
  for (const extra of draft.extras) {
    if (extra.label.trim() === '') problems.push('Every extra line needs a description.');
    if (!Number.isInteger(extra.amountCents) || extra.amountCents <= 0 || extra.amountCents > MAX_LINE_CENTS) problems.push(`An extra line's amount must be more than $0 and at most ${money(MAX_LINE_CENTS)}.`);
  }
  return problems;
}

/** The quote for `draft` at `now`, or every problem with it. */
export function priceQuote(config: QuoteConfig, draft: QuoteDraft, now: number): { quote: PricedQuote; problems: [] } | { quote: null; problems: string[] } {
  const problems = draftProblems(config, draft, now);
  if (problems.length > 0) return { quote: null, problems };
  const from = minutesOfDay(draft.start);
  const startsAt = localInstant(draft.date, from);
  const endsAt = localInstant(draft.date, minutesOfDay(draft.end));
  const range = `${draft.start}-${draft.end}`;
  const resources = draft.spaces.map((id) => config.resources.find((resource) => resource.id === id)!);
  const lines: QuoteLine[] = resources.map((resource) => resourceLine(config, resource, startsAt, endsAt, range));
  for (const chosen of draft.packages) {
    const found = config.packages.find((each) => each.id === chosen.id)!;
    lines.push({ kind: 'package', label: `${found.name} package (${found.includes}) × ${chosen.guests} guests`, amountCents: found.perGuestCents * chosen.guests });
  }
  for (const extra of draft.extras) lines.push({ kind: 'extra', label: extra.label.trim(), amountCents: extra.amountCents });
  const minimum = resources.reduce((sum, resource) => sum + (resource.price.kind === 'minimum-spend' ? resource.price.minimumCents : 0), 0);
  const spent = lines.filter((line) => line.kind === 'package' || line.kind === 'extra').reduce((sum, line) => sum + line.amountCents, 0);
  if (spent < minimum) lines.push({ kind: 'minimum', label: 'Food and drink minimum, remainder', amountCents: minimum - spent });
  const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (totalCents <= 0) return { quote: null, problems: ['The quote comes to $0: add a space with a price, a package or a line.'] };
  const override = draft.depositOverride;
  if (override && (!Number.isInteger(override.amountCents) || override.amountCents <= 0 || override.amountCents > totalCents || override.reason.trim() === '')) {
    return { quote: null, problems: [`A deposit set by hand needs a reason and an amount more than $0 and at most the total, ${money(totalCents)}.`] };
  }
  return {
    quote: {
      date: draft.date,
      start: draft.start,
      end: draft.end,
      startsAt,
      endsAt,
      spaces: [...draft.spaces],
      guests: draft.guests,
      packages: draft.packages.map((each) => ({ id: each.id, guests: each.guests })),
      extras: draft.extras.map((extra) => ({ label: extra.label.trim(), amountCents: extra.amountCents })),
      lines,
      totalCents,
      depositCents: override ? override.amountCents : depositFor(config.deposit, totalCents),
      ...(override ? { depositReason: override.reason.trim() } : {}),
      ...policyDates(config, draft.date, from, now),
    },
    problems: [],
  };
}
