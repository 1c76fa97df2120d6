/**
 * The bay booking settings as the rules use them: bay-booking.json with its prices resolved from the
 * files that post them (site.json's simulator rates, events.json's rental cards), the opening hours of
 * site.json, the league's tee times and the membership plans' benefits, all checked together.
 * `resolveBayBooking` answers the settings or every problem, naming the file to fix.
 */
import type { EventsContent } from '../page-content';
import { minutesOfDay } from '../clock';
import { WEEKDAYS, type Weekday } from '../weekdays';
import type { League } from '../league';
import type { MembershipCatalog } from '../membership';
import type { Site } from '../site';
import { dollarsToCents } from '../money';
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

function resolveRates(content: BayBookingContent['bayTypes'][number], sources: BayBookingSources, problems: string[]): BayType['rates'] {
  const rates: BayType['rates'] = {};
  for (const price of content.prices) {
    for (const day of price.days) {
      if ('from' in price && price.from === 'posted-rates') {
        const posted = sources.site.rates.items.find((item) => item.days.includes(day));
        if (!posted) problems.push(`src/content/bay-booking.json: bay type ${content.id} takes ${day}'s price from the posted rates, but src/content/site.json posts none for ${day}`);
        else rates[day] = { offPeakCents: dollarsToCents(posted.pricePerHour), peakCents: dollarsToCents(posted.pricePerHour), placeholder: false };
      } else if ('from' in price) {
        const card = sources.events.rental.bays.find((bay) => bay.name === price.card);
        if (!card) problems.push(`src/content/bay-booking.json: bay type ${content.id} takes its price from the rental card "${price.card}", which src/content/events.json does not have`);
        else rates[day] = { offPeakCents: dollarsToCents(card.offPeak), peakCents: dollarsToCents(card.peak), placeholder: false };
      } else {
        rates[day] = { offPeakCents: dollarsToCents(price.offPeak), peakCents: dollarsToCents(price.peak), placeholder: price.placeholder ?? false };
      }
    }
  }
  return rates;
}

export function resolveBayBooking(content: BayBookingContent, sources: BayBookingSources): { config: BayBookingConfig; problems: string[] } {
  const problems: string[] = [];
  const hours: BayBookingConfig['hours'] = {};
  for (const entry of sources.site.hours.days) for (const day of entry.days) hours[day] = { opens: minutesOfDay(entry.opens), closes: minutesOfDay(entry.closes) };

  const bayTypes = content.bayTypes.map((type) => {
    const rates = resolveRates(type, sources, problems);
    for (const day of WEEKDAYS.filter((each) => hours[each] && !rates[each])) {
      problems.push(`src/content/bay-booking.json: bay type ${type.id} has no price for ${day}, when src/content/site.json says the venue is open`);
    }
    return { id: type.id, name: type.name, minGuests: type.minGuests, maxGuests: type.maxGuests, rates };
  });

  const nights: LeagueNight[] = [];
  for (const day of sources.league.teeTimes.days) {
    const weekday = WEEKDAYS.find((each) => each === day.label);
    if (!weekday) problems.push(`src/content/league.json: tee day "${day.label}" must be a weekday name like Monday`);
    for (const slot of sources.league.teeTimes.slots) {
      const minute = teeTimeMinute(slot.label);
      if (minute === null) problems.push(`src/content/league.json: tee time "${slot.label}" must read like 6:00 PM`);
      if (!weekday || minute === null) continue;
      for (const session of sources.league.sessions) nights.push({ startDate: session.startDate, endDate: session.endDate, weekday, minute, label: `League ${day.label} ${slot.label}` });
    }
  }

  const benefits: Record<string, MemberBenefit> = {};
  for (const plan of sources.memberships.plans) {
    const benefit = memberBenefit(plan);
    if (Array.isArray(benefit)) problems.push(...benefit.map((problem) => `src/content/memberships.json: ${problem}`));
    else benefits[plan.slug] = benefit;
  }

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
    benefits,
    phone: sources.site.phone,
  };
  return { config, problems };
}
