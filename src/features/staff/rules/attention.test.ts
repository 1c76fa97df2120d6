import { describe, expect, it } from 'vitest';
import { FIXTURE_ALL_OPEN, FIXTURE_SPRING_CLOSES, fixtureLeague } from '../../../../tests/support/league-fixture';
import { attentionFacts, type AttentionContent } from './attention-facts';
import { attentionItems, EDITOR_LINKS, monthNamed } from './attention';
import type { ConfigurationCheck } from './system';

/** Content with nothing to fix in mid-September 2025 (the fixture season open, an October special dated for October). */
const healthy: AttentionContent = {
  league: fixtureLeague,
  promotion: { active: true, name: 'October Membership Special', headline: '10% OFF', checkoutText: '10% OFF at checkout', percentOff: 10, couponId: 'october-10', startsAt: '2025-10-01', endsAt: '2025-10-31' },
  bayBooking: {
    bayTypes: [{ id: 'standard', name: 'Simulator bay', minGuests: 1, maxGuests: 8, prices: [{ days: ['Monday', 'Tuesday'], offPeak: 30, peak: 40 }] }],
    blackouts: [{ date: '2025-11-27', reason: 'Thanksgiving' }],
  },
  events: [
    { title: 'Weekly Trivia Night', until: null },
    { title: 'Fall League Starts', until: '2025-09-30T05:00:00.000Z' },
  ],
};
const ids = (content: AttentionContent, now: Date, reports?: Parameters<typeof attentionItems>[2]) => attentionItems(attentionFacts(content), now, reports).map((item) => item.id);

describe('the dashboard’s attention list', () => {
  it('is empty when all is well', () => {
    expect(attentionItems(attentionFacts(healthy), FIXTURE_ALL_OPEN, { failedMail: 0, checks: [{ id: 'stripe', label: 'Stripe', ok: true, detail: 'OK' }] })).toEqual([]);
  });

  it('flags a league with nothing open and nothing opening within 30 days, linking to the league settings', () => {
    const items = attentionItems(attentionFacts(healthy), FIXTURE_SPRING_CLOSES);
    expect(items.find((item) => item.id === 'league')).toEqual({
      id: 'league',
      text: 'No league session takes registrations, and none opens in the next 30 days: roll the season forward or set when registration opens.',
      href: EDITOR_LINKS.league,
      action: 'Edit the league sessions',
    });
    // A session opening in 30 days is enough; in 31 it is not.
    const next = (opensAt: string) => ({ ...healthy, league: { ...fixtureLeague, sessions: [...fixtureLeague.sessions, { ...fixtureLeague.sessions[0]!, id: 'next', startDate: '2026-09-28', endDate: '2026-11-18', opensAt }] } });
    expect(ids(next('2026-03-19T06:00:00.000Z'), FIXTURE_SPRING_CLOSES)).not.toContain('league');
    expect(ids(next('2026-03-20T06:00:00.000Z'), FIXTURE_SPRING_CLOSES)).toContain('league');
  });

  it('flags a running promotion that names another month, and one whose last day has passed', () => {
    const undated = { ...healthy, promotion: { ...healthy.promotion, startsAt: undefined, endsAt: undefined } } as AttentionContent;
    expect(ids(undated, new Date('2025-10-15T17:00:00Z'))).toEqual([]);
    const november = attentionItems(attentionFacts(undated), new Date('2025-11-28T17:00:00Z')).find((item) => item.id === 'promotion-month');
    expect(november).toMatchObject({ text: 'The "October Membership Special" names October, but it is November: rename it, date it or switch it off.', href: EDITOR_LINKS.memberships });
    // The month is the venue's: 11 PM on October 31 in Verona is already November in UTC.
    expect(ids(undated, new Date('2025-11-01T04:00:00Z'))).not.toContain('promotion-month');
    expect(ids(healthy, new Date('2025-11-01T05:00:00Z'))).toContain('promotion-over');
    expect(ids({ ...healthy, promotion: { ...healthy.promotion, active: false } }, new Date('2026-06-01T00:00:00Z'))).not.toContain('promotion-over');
    expect(monthNamed('Spring Special')).toBeNull();
    expect(monthNamed('MAY madness')).toBe('May');
  });

  it('flags a placeholder bay price, no upcoming event, and closed days all past', () => {
    const content: AttentionContent = {
      ...healthy,
      bayBooking: {
        bayTypes: [{ ...healthy.bayBooking.bayTypes[0]!, prices: [{ days: ['Monday'], offPeak: 30, peak: 30, placeholder: true }] }],
        blackouts: [{ date: '2025-09-01', reason: 'Labor Day' }],
      },
      events: [{ title: 'Fall League Starts', until: '2025-09-30T05:00:00.000Z' }],
    };
    const items = attentionItems(attentionFacts(content), new Date('2025-10-01T17:00:00Z'));
    expect(items.map((item) => [item.id, item.href])).toEqual([
      ['placeholder-price', EDITOR_LINKS.bayBooking],
      ['no-events', EDITOR_LINKS.events],
      ['blackouts', EDITOR_LINKS.bayBooking],
    ]);
    expect(items[0]!.text).toBe('Bay booking still charges a placeholder price (Simulator bay on Monday): confirm the real one.');
    expect(items[2]!.text).toBe('Every closed day of bay booking has passed. Add the coming holidays so nobody books them.');
    // A weekly event is always listed; a closed day today still counts as ahead.
    expect(ids({ ...content, events: [{ title: 'Trivia', until: null }] }, new Date('2025-10-01T17:00:00Z'))).not.toContain('no-events');
    expect(ids(content, new Date('2025-09-01T17:00:00Z'))).not.toContain('blackouts');
  });

  it('lists undelivered mail and each failing configuration check from the site’s reports', () => {
    const checks: ConfigurationCheck[] = [
      { id: 'stripe', label: 'Stripe', ok: true, detail: 'Answers.' },
      { id: 'webhook', label: 'Stripe webhook secret', ok: false, detail: 'Not set: STRIPE_WEBHOOK_SECRET.' },
    ];
    const items = attentionItems(attentionFacts(healthy), FIXTURE_ALL_OPEN, { failedMail: 2, checks });
    expect(items).toEqual([
      { id: 'failed-mail', text: '2 e-mails could not be delivered after every retry.', href: '#failed-mail', action: 'See the undelivered e-mail' },
      { id: 'check-webhook', text: 'Stripe webhook secret: Not set: STRIPE_WEBHOOK_SECRET.', href: '/admin/database#configuration-checks', action: 'See the configuration checks' },
    ]);
  });
});
