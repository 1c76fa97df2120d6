import { describe, expect, it } from 'vitest';
import { localInstant } from '../../bay-booking/rules/local-time';
import { quoteConfig } from '../quote-catalogue';
import { cancellationRefund, DAY_MS, depositFor, headcountOpen, policyDates, priceQuote, type QuoteDraft } from './quote';

/** A Tuesday noon, venue time, well before the events below: no test reads today's date. */
const NOW = localInstant('2026-12-01', 12 * 60);

const draft = (change: Partial<QuoteDraft> = {}): QuoteDraft => ({
  date: '2026-12-11',
  start: '18:00',
  end: '21:00',
  spaces: ['bay-1', 'bay-2', 'bay-3', 'bay-4', 'bay-5', 'bay-6'],
  guests: 40,
  packages: [{ id: 'front-nine', guests: 40 }],
  extras: [],
  ...change,
});

const problemsOf = (change: Partial<QuoteDraft>) => priceQuote(quoteConfig, draft(change), NOW).problems;

describe('deposit rule (shipped: 50 %, at least $100, never more than the quote)', () => {
  const rule = quoteConfig.deposit;
  it('takes half of a large quote', () => expect(depositFor(rule, 271_000)).toBe(135_500));
  it('rounds half cents to whole cents', () => expect(depositFor(rule, 30_001)).toBe(15_001));
  it('takes at least the minimum', () => expect(depositFor(rule, 15_000)).toBe(10_000));
  it('never more than the total', () => expect(depositFor(rule, 6_000)).toBe(6_000));
});

describe('quote arithmetic in cents', () => {
  it('prices six bays on a Friday evening at the event (rental card) peak rates plus a package per guest', () => {
    const { quote } = priceQuote(quoteConfig, draft(), NOW);
    expect(quote?.lines.map((line) => line.amountCents)).toEqual([17_700, 17_700, 17_700, 17_700, 17_700, 22_500, 160_000]);
    expect(quote?.totalCents).toBe(271_000);
    expect(quote?.depositCents).toBe(135_500);
    expect(quote?.startsAt).toBe(localInstant('2026-12-11', 18 * 60));
  });

  it('charges each half hour at its own rate across the peak boundary', () => {
    const { quote } = priceQuote(quoteConfig, draft({ date: '2026-12-10', start: '16:00', end: '18:00', spaces: ['bay-6'], guests: 10, packages: [] }), NOW);
    expect(quote?.totalCents).toBe(6_500 + 7_500);
  });

  it('rounds a space at the event rate once for the whole range: $45.99 an hour is $68.99 for 90 minutes', () => {
    const config = { ...quoteConfig, resources: quoteConfig.resources.map((resource) => (resource.id === 'bay-6' && resource.price.kind !== 'minimum-spend' && resource.price.kind !== 'per-hour' ? { ...resource, price: { ...resource.price, peakCents: 4599, offPeakCents: 4599 } } : resource)) };
    const { quote } = priceQuote(config, draft({ date: '2026-12-10', start: '16:00', end: '17:30', spaces: ['bay-6'], guests: 10, packages: [] }), NOW);
    expect(quote?.totalCents).toBe(6_899);
  });

  it('tops a minimum-spend space up to its minimum', () => {
    const { quote } = priceQuote(quoteConfig, draft({ start: '19:00', end: '22:00', spaces: ['bunker'], guests: 18, packages: [{ id: 'tee-off', guests: 18 }] }), NOW);
    expect(quote?.lines.map((line) => [line.kind, line.amountCents])).toEqual([['space', 0], ['package', 45_000], ['minimum', 15_000]]);
    expect(quote?.totalCents).toBe(60_000);
    expect(quote?.depositCents).toBe(30_000);
  });

  it('adds no remainder when packages and lines reach the minimum', () => {
    const { quote } = priceQuote(quoteConfig, draft({ spaces: ['bunker'], guests: 20, packages: [{ id: 'clubhouse', guests: 20 }] }), NOW);
    expect(quote?.lines.some((line) => line.kind === 'minimum')).toBe(false);
    expect(quote?.totalCents).toBe(130_000);
  });

  it('prices an hourly space by the hour and adds extra lines as given', () => {
    const { quote } = priceQuote(quoteConfig, draft({ spaces: ['back-9-lounge'], guests: 30, packages: [], extras: [{ label: ' DJ ', amountCents: 25_050 }] }), NOW);
    expect(quote?.lines).toEqual([
      { kind: 'space', label: 'Back 9 Lounge, 18:00-21:00', amountCents: 45_000 },
      { kind: 'extra', label: 'DJ', amountCents: 25_050 },
    ]);
    expect(quote?.depositCents).toBe(35_025);
  });

  it('takes a deposit staff set by hand, with its reason', () => {
    const { quote } = priceQuote(quoteConfig, draft({ depositOverride: { amountCents: 50_000, reason: 'Regular client' } }), NOW);
    expect(quote?.depositCents).toBe(50_000);
    expect(quote?.depositReason).toBe('Regular client');
  });
});

describe('policy dates', () => {
  it('names the headcount day, the last full-refund moment and the expiry', () => {
    expect(policyDates(quoteConfig, '2026-12-11', 18 * 60, NOW)).toEqual({
      headcountDue: '2026-12-04',
      fullRefundUntil: localInstant('2026-12-04', 18 * 60),
      expiresAt: NOW + 7 * DAY_MS,
    });
  });

  it('lets a quote for an event sooner than its expiry lapse when the event starts', () => {
    expect(policyDates(quoteConfig, '2026-12-04', 18 * 60, NOW).expiresAt).toBe(localInstant('2026-12-04', 18 * 60));
  });

  it('refunds the deposit in full until the policy day and keeps it after', () => {
    const until = localInstant('2026-12-04', 18 * 60);
    expect(cancellationRefund({ fullRefundUntil: until }, 135_500, until - 1)).toBe(135_500);
    expect(cancellationRefund({ fullRefundUntil: until }, 135_500, until)).toBe(0);
  });

  it('keeps the headcount open to the end of its due day, venue time', () => {
    expect(headcountOpen({ headcountDue: '2026-12-04' }, localInstant('2026-12-04', 23 * 60 + 59))).toBe(true);
    expect(headcountOpen({ headcountDue: '2026-12-04' }, localInstant('2026-12-05', 0))).toBe(false);
  });
});

describe('bad drafts are refused, each with a reason', () => {
  it('a time range outside opening hours', () => expect(problemsOf({ start: '21:00', end: '23:00' })).toEqual(['Choose a time range inside the opening hours, 12:00 to 22:00 on Fridays.']));
  it('a range that ends before it starts', () => expect(problemsOf({ start: '20:00', end: '19:00' })).toHaveLength(1));
  it('a closed day', () => expect(problemsOf({ date: '2026-12-25' })).toEqual(['The venue is closed on 2026-12-25: Closed for Christmas.']));
  it('an event in the past', () => expect(priceQuote(quoteConfig, draft({ date: '2026-11-27' }), NOW).problems).toContain('The event must start in the future.'));
  it('a headcount over the spaces\' capacity', () => expect(problemsOf({ spaces: ['bunker'], guests: 21, packages: [] })).toEqual(['21 guests is more than the chosen spaces hold (20).']));
  it('an unknown space', () => expect(problemsOf({ spaces: ['bay-9'] })).toEqual(['There is no space "bay-9".']));
  it('bays the league holds that evening', () => expect(problemsOf({ date: '2026-12-14', spaces: ['bay-1'], guests: 8, packages: [] })).toEqual(['Bay 1 is held for League Monday 6:00 PM then.']));
  it('a negative extra line', () => expect(problemsOf({ extras: [{ label: 'Discount', amountCents: -500 }] })).toHaveLength(1));
  it('an absurd extra line', () => expect(problemsOf({ extras: [{ label: 'Typo', amountCents: 900_000_000 }] })).toHaveLength(1));
  it('a package for more guests than the party', () => expect(problemsOf({ packages: [{ id: 'tee-off', guests: 41 }] })).toEqual(['A package is for 1 to 40 guests.']));
  it('a deposit override without a reason or over the total', () => {
    expect(problemsOf({ depositOverride: { amountCents: 1_000, reason: ' ' } })).toHaveLength(1);
    expect(problemsOf({ depositOverride: { amountCents: 271_001, reason: 'x' } })).toHaveLength(1);
  });
});
