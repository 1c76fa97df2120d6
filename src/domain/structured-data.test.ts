import { describe, expect, it } from 'vitest';
import { leagueOfferJsonLd, membershipOffersJsonLd, membershipPriceRange, upcomingEventsJsonLd, venueJsonLd, venueId } from './structured-data';
import { fixtureLeague as league } from '../../tests/support/league-fixture';
import { membershipCatalog as catalog } from '../features/memberships/catalogue';
import { site } from '../data/site';

const siteUrl = 'https://golf.example/';

describe('structured data', () => {
  it('describes the venue with the on-page hours, address and price range', () => {
    const venue = venueJsonLd(site, catalog, { siteUrl, image: `${siteUrl}og-image.jpg`, maxGuests: 150 });
    expect(venue).toMatchObject({
      '@type': 'LocalBusiness',
      '@id': 'https://golf.example/#venue',
      name: site.name,
      telephone: site.phone,
      priceRange: '$99-$399',
      maximumAttendeeCapacity: 150,
      address: { streetAddress: site.address.street, addressLocality: 'Verona', addressRegion: 'WI' },
    });
    const hours = venue['openingHoursSpecification'] as Array<{ dayOfWeek: string[]; opens: string; closes: string }>;
    expect(hours.map((entry) => `${entry.dayOfWeek.length} ${entry.opens}-${entry.closes}`)).toEqual(['1 16:00-22:00', '4 12:00-22:00', '1 11:00-22:00', '1 11:00-19:00']);
  });

  it('offers each plan with a monthly price per term', () => {
    expect(membershipPriceRange(catalog)).toBe('$99-$399');
    const offers = membershipOffersJsonLd(site, catalog, siteUrl)['itemListElement'] as Array<Record<string, unknown>>;
    expect(offers.map((offer) => [offer['name'], offer['price']])).toEqual([
      ['Practice Membership', 99],
      ['Bogey Membership', 129],
      ['Bogey+ Membership', 199],
    ]);
    const bogeyPlus = offers[2]!['priceSpecification'] as Array<{ price: number; billingDuration: number }>;
    expect(bogeyPlus.map((price) => [price.billingDuration, price.price])).toEqual([
      [1, 399],
      [3, 339],
      [6, 309],
      [12, 199],
    ]);
    expect(offers[2]!['url']).toBe('https://golf.example/membership-checkout?tier=Bogey%2B');
  });

  it('offers league registration at $700 per team with the sessions', () => {
    const offer = leagueOfferJsonLd(site, league, siteUrl, true);
    expect(offer).toMatchObject({ '@type': 'Offer', price: 700, priceCurrency: 'USD', availability: 'https://schema.org/InStock', seller: { '@id': venueId(siteUrl) } });
    expect((offer['itemOffered'] as Array<{ startDate: string }>).map((session) => session.startDate)).toEqual(['2025-09-29', '2025-12-01', '2026-02-16']);
    expect(leagueOfferJsonLd(site, league, siteUrl, false)['availability']).toBe('https://schema.org/SoldOut');
  });

  it('lists upcoming events, weekly ones with a schedule', () => {
    const [weekly, dated] = upcomingEventsJsonLd(
      [
        { title: 'Trivia', summary: 'Teams of six', weekly: { day: 'Wednesday', startTime: '18:30', endTime: '20:30' } },
        { title: 'Kickoff', summary: 'Practice week', startDate: '2025-12-01' },
      ],
      site,
      siteUrl,
    );
    expect(weekly).toMatchObject({ '@type': 'Event', name: 'Trivia', description: 'Teams of six', eventSchedule: { byDay: 'https://schema.org/Wednesday', startTime: '18:30', repeatFrequency: 'P1W' } });
    expect(dated).toMatchObject({ name: 'Kickoff', startDate: '2025-12-01' });
    expect(dated).not.toHaveProperty('eventSchedule');
  });
});
