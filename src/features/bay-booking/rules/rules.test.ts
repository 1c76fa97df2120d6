import { describe, expect, it } from 'vitest';
import raw from '../../../content/bay-booking.json';
import { bayBooking } from '../catalogue';
import { site } from '../../../data/site';
import { league } from '../../league/catalogue';
import { fixtureLeague } from '../../../../tests/support/league-fixture';
import { membershipCatalog } from '../../memberships/catalogue';
import eventsRaw from '../../../content/events.json';
import { WEEKDAYS } from '../../../domain/weekdays';
import { bayBookingContentSchema } from './content';
import { resolveBayBooking, type BayBookingConfig } from './config';
import { localInstant, localMoment } from './local-time';
import { memberBenefit } from './member-benefits';
import { bookingWindow, choiceProblem, claimedInstants, contentAllows, dayPlan, includedSlots, leagueBlocks, rangePrice } from './rules';

const content = bayBookingContentSchema.parse(raw);
const sources = { site, events: { rental: eventsRaw.rental }, league, memberships: membershipCatalog };
const allDay = { opens: 0, closes: 1440 };
const openAllDay: BayBookingConfig = { ...bayBooking, hours: Object.fromEntries(WEEKDAYS.map((day) => [day, allDay])) };
const standard = bayBooking.bayTypes.find((type) => type.id === 'standard')!;
const large = bayBooking.bayTypes.find((type) => type.id === 'large')!;
const iso = (instant: number) => new Date(instant).toISOString();

describe('venue-local time', () => {
  it('reads instants on the venue clock and back, on both sides of each change', () => {
    expect(iso(localInstant('2026-03-08', 11 * 60))).toBe('2026-03-08T16:00:00.000Z');
    expect(iso(localInstant('2026-03-07', 11 * 60))).toBe('2026-03-07T17:00:00.000Z');
    expect(iso(localInstant('2026-11-01', 11 * 60))).toBe('2026-11-01T17:00:00.000Z');
    expect(iso(localInstant('2026-10-31', 11 * 60))).toBe('2026-10-31T16:00:00.000Z');
    expect(iso(localInstant('2027-03-14', 12 * 60))).toBe('2027-03-14T17:00:00.000Z');
    expect(iso(localInstant('2026-11-01', 1440))).toBe('2026-11-02T06:00:00.000Z');
    expect(localMoment(Date.parse('2026-11-01T06:30:00Z'))).toEqual({ date: '2026-11-01', minute: 90, weekday: 'Sunday' });
    expect(localMoment(Date.parse('2026-11-01T07:30:00Z'))).toEqual({ date: '2026-11-01', minute: 90, weekday: 'Sunday' });
  });
});

describe('a day of half hours', () => {
  it('lists the shipped opening hours on the days clocks change, each half hour once', () => {
    for (const date of ['2026-03-08', '2026-11-01', '2027-03-14']) {
      const plan = dayPlan(bayBooking, date);
      expect(plan.slots.map((slot) => slot.start)).toEqual(Array.from({ length: 16 }, (_, i) => `${String(11 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`));
      plan.slots.forEach((slot, i) => i > 0 && expect(slot.startsAt - plan.slots[i - 1]!.startsAt).toBe(30 * 60_000));
    }
  });

  it('has 23 hours when clocks go forward and 25 when they go back: no half hour vanishes or doubles', () => {
    for (const date of ['2026-03-08', '2027-03-14']) {
      const plan = dayPlan(openAllDay, date);
      expect(plan.slots).toHaveLength(46);
      expect(plan.slots.map((slot) => slot.start)).not.toContain('02:00');
      expect(new Set(plan.slots.map((slot) => slot.startsAt)).size).toBe(46);
    }
    const fallBack = dayPlan(openAllDay, '2026-11-01');
    expect(fallBack.slots).toHaveLength(50);
    expect(fallBack.slots.filter((slot) => slot.start === '01:30').map((slot) => iso(slot.startsAt))).toEqual(['2026-11-01T06:30:00.000Z', '2026-11-01T07:30:00.000Z']);
    expect(new Set(fallBack.slots.map((slot) => slot.startsAt)).size).toBe(50);
    expect(dayPlan(openAllDay, '2026-11-02').slots).toHaveLength(48);
  });

  it('is closed on a blackout and on a day without opening hours', () => {
    expect(dayPlan(bayBooking, '2026-12-25')).toMatchObject({ slots: [], closedReason: 'Closed for Christmas' });
    const noMonday: BayBookingConfig = { ...bayBooking, hours: { ...bayBooking.hours, Monday: undefined } };
    expect(dayPlan(noMonday, '2026-12-07')).toMatchObject({ slots: [], closedReason: 'Closed on Mondays' });
  });
});

describe('prices', () => {
  it('follow the posted rates for the simulator bays and the rental card for bay 6, Monday a marked placeholder', () => {
    expect(standard.rates.Tuesday).toEqual({ offPeakCents: 3000, peakCents: 3000, placeholder: false });
    expect(standard.rates.Saturday).toEqual({ offPeakCents: 4000, peakCents: 4000, placeholder: false });
    expect(standard.rates.Monday?.placeholder).toBe(true);
    expect(large.rates.Friday).toEqual({ offPeakCents: 6500, peakCents: 7500, placeholder: false });
  });

  it('sum each half hour at its own rate: a range across the peak start is half off-peak, half peak', () => {
    const plan = dayPlan(bayBooking, '2026-12-04'); // a Friday, peak from 17:00
    const from = plan.slots.findIndex((slot) => slot.start === '16:00');
    expect(rangePrice(bayBooking, large, plan.slots.slice(from, from + 4))).toBe(6500 + 7500);
    expect(rangePrice(bayBooking, large, plan.slots.slice(from, from + 4), 2)).toBe(7500);
    expect(rangePrice(bayBooking, standard, plan.slots.slice(from, from + 3))).toBe(6000);
  });

  it('are summed in cents for the whole range and rounded once: $45.99 an hour is $45.99 for an hour and $68.99 for 90 minutes', () => {
    const odd = { ...standard, rates: { Friday: { offPeakCents: 4599, peakCents: 4599, placeholder: false } } };
    const plan = dayPlan(bayBooking, '2026-12-04');
    const from = plan.slots.findIndex((slot) => slot.start === '12:00');
    expect(rangePrice(bayBooking, odd, plan.slots.slice(from, from + 2))).toBe(4599);
    // 68.985 dollars, rounded once.
    expect(rangePrice(bayBooking, odd, plan.slots.slice(from, from + 3))).toBe(6899);
    expect(rangePrice(bayBooking, odd, plan.slots.slice(from, from + 4))).toBe(9198);
    // With the first half hour included, the other two: 45.99 dollars.
    expect(rangePrice(bayBooking, odd, plan.slots.slice(from, from + 3), 1)).toBe(4599);
  });

  it('follow local time on the day clocks go back', () => {
    const config: BayBookingConfig = { ...openAllDay, peak: [{ days: ['Sunday'], from: 17 * 60, until: 1440 }] };
    const plan = dayPlan(config, '2026-11-01');
    expect(plan.slots.find((slot) => slot.start === '16:30')?.peak).toBe(false);
    const five = plan.slots.find((slot) => slot.start === '17:00')!;
    expect(five.peak).toBe(true);
    expect(iso(five.startsAt)).toBe('2026-11-01T23:00:00.000Z');
  });
});

describe('the content rule', () => {
  const now = Date.parse('2026-12-01T15:00:00Z'); // 9:00 on Tuesday 1 December in Verona
  it('books from today to the window’s last day, with lengths and parties the venue takes', () => {
    expect(bookingWindow(bayBooking, now)).toEqual({ firstDate: '2026-12-01', lastDate: '2026-12-15' });
    // 03:00 UTC on 2 December is still the evening of 1 December in Verona: "today" is the venue's.
    expect(bookingWindow(bayBooking, Date.parse('2026-12-02T03:00:00Z')).firstDate).toBe('2026-12-01');
    expect(bookingWindow(bayBooking, Date.parse('2026-11-01T05:30:00Z')).firstDate).toBe('2026-11-01');
    expect(choiceProblem(bayBooking, { date: '2026-12-16', lengthMinutes: 60, partySize: 2 }, now)).toMatch(/2026-12-01 to 2026-12-15/);
    expect(choiceProblem(bayBooking, { date: '2026-12-02', lengthMinutes: 30, partySize: 2 }, now)).toMatch(/1 to 4 hours/);
    expect(choiceProblem(bayBooking, { date: '2026-12-02', lengthMinutes: 60, partySize: 21 }, now)).toMatch(/20 guests/);
    expect(choiceProblem(bayBooking, { date: '2026-12-02', lengthMinutes: 270, partySize: 2 }, now)).not.toBeNull();
    expect(choiceProblem(bayBooking, { date: '2026-12-15', lengthMinutes: 240, partySize: 20 }, now)).toBeNull();
  });

  it('keeps the notice, closing time, and league tee times on their bays (buffer included)', () => {
    const bay1 = bayBooking.bays[0]!;
    const bay6 = bayBooking.bays[5]!;
    const today = dayPlan(bayBooking, '2026-12-01'); // opens 12:00; notice 60 minutes from 9:00 allows noon
    expect(contentAllows(bayBooking, today, bay1, 0, 60, now)).toBe(true);
    expect(contentAllows(bayBooking, today, bay1, 0, 60, Date.parse('2026-12-01T17:31:00Z'))).toBe(false);
    const last = today.slots.length - 2;
    expect(contentAllows(bayBooking, today, bay1, last, 60, now)).toBe(true);
    expect(contentAllows(bayBooking, today, bay1, last + 1, 60, now)).toBe(false);

    // League nights of the fixture season (tests/support/league-fixture.ts), whatever the shipped one.
    const seasonal = resolveBayBooking(content, { ...sources, league: fixtureLeague }).config;
    const leagueNight = dayPlan(seasonal, '2026-03-02'); // Monday in the spring session: tee times 6 and 8 PM
    const before = Date.parse('2026-03-01T12:00:00Z');
    expect(leagueBlocks(seasonal, '2026-03-02', 'bay-1').map((block) => [iso(block.from), iso(block.until)])).toEqual([
      ['2026-03-03T00:00:00.000Z', '2026-03-03T02:00:00.000Z'],
      ['2026-03-03T02:00:00.000Z', '2026-03-03T04:00:00.000Z'],
    ]);
    const at = (start: string) => leagueNight.slots.findIndex((slot) => slot.start === start);
    expect(contentAllows(seasonal, leagueNight, bay1, at('17:00'), 60, before)).toBe(true);
    expect(contentAllows(seasonal, leagueNight, bay1, at('17:30'), 60, before)).toBe(false);
    expect(contentAllows(seasonal, leagueNight, bay6, at('18:00'), 120, before)).toBe(true);
    const buffered: BayBookingConfig = { ...seasonal, bufferMinutes: 30 };
    expect(contentAllows(buffered, leagueNight, bay1, at('17:00'), 60, before)).toBe(false);
    expect(leagueBlocks(seasonal, '2026-04-13', 'bay-1')).toEqual([]);
  });

  it('claims the range and the buffer after it', () => {
    const start = Date.parse('2026-12-04T18:00:00Z');
    expect(claimedInstants({ slotMinutes: 30, bufferMinutes: 0 }, start, 60)).toEqual([start, start + 1_800_000]);
    expect(claimedInstants({ slotMinutes: 30, bufferMinutes: 30 }, start, 60)).toEqual([start, start + 1_800_000, start + 3_600_000]);
  });
});

describe('member benefits', () => {
  it('read the plans’ printed terms', () => {
    expect(bayBooking.benefits['practice']).toEqual({ plan: 'Practice', includedMinutesPerDay: 60, days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'], maxPartySize: 1 });
    expect(bayBooking.benefits['bogey']).toMatchObject({ includedMinutesPerDay: 60, days: WEEKDAYS, maxPartySize: null });
    expect(bayBooking.benefits['bogey-plus']).toMatchObject({ includedMinutesPerDay: 120 });
    expect(memberBenefit({ tier: 'X', dailyReservations: 'lots', playingRestrictions: 'Anytime', guestsAllowed: 'No guests' })).toEqual([{ field: 'dailyReservations', message: 'X: "lots" must read like "1 hour per day"' }]);
  });

  it('cover what is left of the day, on the plan’s days and for the party it allows', () => {
    const practice = bayBooking.benefits['practice']!;
    expect(includedSlots(bayBooking, practice, 'Monday', 1, 120, 60)).toBe(2);
    expect(includedSlots(bayBooking, practice, 'Monday', 1, 120, 30)).toBe(1);
    expect(includedSlots(bayBooking, practice, 'Friday', 1, 120, 60)).toBe(0);
    expect(includedSlots(bayBooking, practice, 'Monday', 2, 120, 60)).toBe(0);
    expect(includedSlots(bayBooking, bayBooking.benefits['bogey-plus']!, 'Sunday', 6, 60, 120)).toBe(2);
    expect(includedSlots(bayBooking, null, 'Sunday', 1, 60, 120)).toBe(0);
  });
});

describe('checked with the other files', () => {
  it('refuses an open day without a price, a posted rate that is not posted, and an unknown rental card', () => {
    const noMonday = { ...content, bayTypes: [{ ...content.bayTypes[0]!, prices: content.bayTypes[0]!.prices.filter((price) => !price.days.includes('Monday')) }, content.bayTypes[1]!] };
    expect(resolveBayBooking(noMonday, sources).problems).toEqual([
      {
        places: [{ file: 'src/content/bay-booking.json', field: 'bayTypes[0].prices' }, { file: 'src/content/site.json', field: 'hours.days' }],
        message: 'bay type standard has no price for Monday, when the site settings say the venue is open',
      },
    ]);
    const postedMonday = { ...content, bayTypes: [{ ...content.bayTypes[0]!, prices: [{ days: [...WEEKDAYS], from: 'posted-rates' as const }] }] };
    expect(resolveBayBooking(postedMonday, sources).problems).toContainEqual({
      places: [{ file: 'src/content/bay-booking.json', field: 'bayTypes[0].prices[0].from' }, { file: 'src/content/site.json', field: 'rates.items' }],
      message: 'bay type standard takes its price for Monday from the posted rates, but the site settings post none for that day',
    });
    const card = { ...content, bayTypes: [{ ...content.bayTypes[1]!, prices: [{ days: [...WEEKDAYS], from: 'rental-card' as const, card: 'Bay 7' }] }] };
    expect(resolveBayBooking(card, sources).problems[0]).toMatchObject({ places: [{ field: 'bayTypes[0].prices[0].card' }, { file: 'src/content/events.json', field: 'rental.bays' }], message: expect.stringMatching(/rental card "Bay 7"/) });
    expect(resolveBayBooking(content, sources).problems).toEqual([]);
  });

  it('refuses a bay of an unknown type, a league bay that does not exist, and a length off the half hour', () => {
    const result = bayBookingContentSchema.safeParse({ ...raw, bays: [...raw.bays, { id: 'bay-7', name: 'Bay 7', type: 'vip' }], league: { bays: ['bay-9'], lengthMinutes: 100 } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(expect.arrayContaining(['no bay type vip', 'no bay bay-9', 'must be a multiple of 30 minutes']));
  });
});
