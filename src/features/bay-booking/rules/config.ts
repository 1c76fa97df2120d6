/**
 * The bay booking settings as the rules use them: bay-booking.json with its prices resolved from the
 * files that post them (site.json's simulator rates, events.json's rental cards), the opening hours of
 * site.json, the league's tee times and the membership plans' benefits, all checked together.
 * `resolveBayBooking` answers the settings or every problem, naming each file and field involved.
 */
import { contentPath, contentProblem, type ContentProblem } from '../../../domain/content-file';
import { joinList, type EventsContent } from '../../../domain/page-content';
import { minutesOfDay } from '../../../domain/clock';
import { WEEKDAYS, type Weekday } from '../../../domain/weekdays';
import type { League } from '../../league/rules/league';
import type { MembershipCatalog } from '../../memberships/rules/membership';
import type { Site } from '../../../domain/site';
import { dollarsToCents } from '../../../domain/money';
import type { BayBookingContent } from './content';
import { memberBenefit, type MemberBenefit } from './member-benefits';

export interface DayRates {
  /** Per bay-hour. */
  offPeakCents: number;
  peakCents: number;
  /** The venue has not confirmed this price yet. */
  placeholder: boolean;
}

export interface BayType {
  id: string;
  name: string;
  minGuests: number;
  maxGuests: number;
  rates: Partial<Record<Weekday, DayRates>>;
}

export interface Bay {
  id: string;
  name: string;
  type: string;
}

/** One weekly league tee time: the bays it blocks on its weekday from `minute` for the block's length, between the session's dates. */
export interface LeagueNight {
  startDate: string;
  endDate: string;
  weekday: Weekday;
  minute: number;
  label: string;
}

export interface BayBookingConfig {
  slotMinutes: number;
  lengths: BayBookingContent['lengths'];
  window: BayBookingContent['window'];
  bufferMinutes: number;
  chooseBay: boolean;
  bayTypes: BayType[];
  bays: Bay[];
  /** Per weekday, minutes after local midnight; absent = closed. */
  hours: Partial<Record<Weekday, { opens: number; closes: number }>>;
  peak: Array<{ days: readonly Weekday[]; from: number; until: number }>;
  league: { bays: readonly string[]; lengthMinutes: number; nights: LeagueNight[] };
  blackouts: BayBookingContent['blackouts'];
  cancellation: BayBookingContent['cancellation'];
  reminders: BayBookingContent['reminders'];
  /** By plan slug. */
  benefits: Record<string, MemberBenefit>;
  /** The venue's phone, for what cannot be done online. */
  phone: string;
}

export interface BayBookingSources {
  site: Pick<Site, 'hours' | 'rates' | 'phone'>;
  events: Pick<EventsContent, 'rental'>;
  league: Pick<League, 'sessions' | 'teeTimes'>;
  memberships: Pick<MembershipCatalog, 'plans'>;
}

/** '6:00 PM' → 1080. */
function teeTimeMinute(label: string): number | null {
  const match = /^(\d{1,2})(?::(\d{2}))?\s*(AM|PM)$/i.exec(label.trim());
  if (!match) return null;
  const hours = Number(match[1]) % 12 + (match[3]!.toUpperCase() === 'PM' ? 12 : 0);
  return hours * 60 + Number(match[2] ?? 0);
}

const BOOKING = contentPath('bay-booking');
const SITE = contentPath('site');

function resolveRates(content: BayBookingContent['bayTypes'][number], at: number, sources: BayBookingSources, problems: ContentProblem[]): BayType['rates'] {
  const rates: BayType['rates'] = {};
  content.prices.forEach((price, index) => {
    const field = `bayTypes[${at}].prices[${index}]`;
    if ('from' in price && price.from === 'posted-rates') {
      const unposted = price.days.filter((day) => !sources.site.rates.items.some((item) => item.days.includes(day)));
      if (unposted.length > 0) problems.push(contentProblem(`bay type ${content.id} takes its price for ${joinList(unposted, 'and')} from the posted rates, but the site settings post none for ${unposted.length === 1 ? 'that day' : 'those days'}`, { file: BOOKING, field: `${field}.from` }, { file: SITE, field: 'rates.items' }));
      for (const day of price.days) {
        const posted = sources.site.rates.items.find((item) => item.days.includes(day));
        if (posted) rates[day] = { offPeakCents: dollarsToCents(posted.pricePerHour), peakCents: dollarsToCents(posted.pricePerHour), placeholder: false };
      }
    } else if ('from' in price) {
      const card = sources.events.rental.bays.find((bay) => bay.name === price.card);
      if (!card) problems.push(contentProblem(`bay type ${content.id} takes its price from the rental card "${price.card}", which src/content/events.json does not have`, { file: BOOKING, field: `${field}.card` }, { file: contentPath('events'), field: 'rental.bays' }));
      else for (const day of price.days) rates[day] = { offPeakCents: dollarsToCents(card.offPeak), peakCents: dollarsToCents(card.peak), placeholder: false };
    } else {
      for (const day of price.days) rates[day] = { offPeakCents: dollarsToCents(price.offPeak), peakCents: dollarsToCents(price.peak), placeholder: price.placeholder ?? false };
    }
  });
  return rates;
}

export function resolveBayBooking(content: BayBookingContent, sources: BayBookingSources): { config: BayBookingConfig; problems: ContentProblem[] } {
  const problems: ContentProblem[] = [];
  const hours: BayBookingConfig['hours'] = {};
  for (const entry of sources.site.hours.days) for (const day of entry.days) hours[day] = { opens: minutesOfDay(entry.opens), closes: minutesOfDay(entry.closes) };

  const bayTypes = content.bayTypes.map((type, at) => {
    const rates = resolveRates(type, at, sources, problems);
    // A day priced from a source that has no price for it is told above.
    const unpriced = WEEKDAYS.filter((day) => hours[day] && !type.prices.some((price) => price.days.includes(day)));
    if (unpriced.length > 0) problems.push(contentProblem(`bay type ${type.id} has no price for ${joinList(unpriced, 'and')}, when the site settings say the venue is open`, { file: BOOKING, field: `bayTypes[${at}].prices` }, { file: SITE, field: 'hours.days' }));
    return { id: type.id, name: type.name, minGuests: type.minGuests, maxGuests: type.maxGuests, rates };
  });

  const nights: LeagueNight[] = [];
  const league = contentPath('league');
  const slots = sources.league.teeTimes.slots.map((slot, at) => {
    const minute = teeTimeMinute(slot.label);
    if (minute === null) problems.push(contentProblem(`tee time "${slot.label}" must read like 6:00 PM`, { file: league, field: `teeTimes.slots[${at}].label` }));
    return { label: slot.label, minute };
  });
  sources.league.teeTimes.days.forEach((day, at) => {
    const weekday = WEEKDAYS.find((each) => each === day.label);
    if (!weekday) problems.push(contentProblem(`tee day "${day.label}" must be a weekday name like Monday`, { file: league, field: `teeTimes.days[${at}].label` }));
    for (const { label, minute } of slots) {
      if (!weekday || minute === null) continue;
      for (const session of sources.league.sessions) nights.push({ startDate: session.startDate, endDate: session.endDate, weekday, minute, label: `League ${day.label} ${label}` });
    }
  });

  const benefits: Record<string, MemberBenefit> = {};
  sources.memberships.plans.forEach((plan, at) => {
    const benefit = memberBenefit(plan);
    if (!Array.isArray(benefit)) benefits[plan.slug] = benefit;
    else problems.push(...benefit.map(({ field, message }) => contentProblem(message, { file: contentPath('memberships'), field: `plans[${at}].${field}` })));
  });

  const config: BayBookingConfig = {
    slotMinutes: content.slotMinutes,
    lengths: content.lengths,
    window: content.window,
    bufferMinutes: content.bufferMinutes,
    chooseBay: content.chooseBay,
    bayTypes,
    bays: content.bays,
    hours,
    peak: content.peak.map((window) => ({ days: window.days, from: minutesOfDay(window.from), until: minutesOfDay(window.until) })),
    league: { bays: content.league.bays, lengthMinutes: content.league.lengthMinutes, nights },
    blackouts: content.blackouts,
    cancellation: content.cancellation,
    reminders: content.reminders,
    benefits,
    phone: sources.site.phone,
  };
  return { config, problems };
}
