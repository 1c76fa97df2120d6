import { openingHoursSpecification } from './hours';
import type { League } from '../features/league/rules/league';
import type { MembershipCatalog } from '../features/memberships/rules/membership';
import { termSavings } from '../features/memberships/rules/membership';
import type { UpcomingEventView } from './upcoming-events';
import type { Site } from './site';

/**
 * schema.org JSON-LD for the pages, built from the same content the pages print: the venue's hours
 * are the on-page hours, the capacity is the events page's, the offers are the catalogue's prices.
 */
export interface VenueFacts {
  /** The site's public address, e.g. "https://www.veronaindoorgolf.com/". */
  siteUrl: string;
  /** Absolute URL of an image of the venue. */
  image: string;
  maxGuests: number;
}

const absolute = (path: string, siteUrl: string) => new URL(path, siteUrl).href;

/** The venue's @id, so offers and events can point at it. */
export function venueId(siteUrl: string): string {
  return `${absolute('/', siteUrl)}#venue`;
}

/** "$99-$399": the lowest and highest monthly membership rates. */
export function membershipPriceRange(catalog: MembershipCatalog): string {
  const rates = catalog.plans.flatMap((plan) => Object.values(plan.monthlyRates));
  return `$${Math.min(...rates)}-$${Math.max(...rates)}`;
}

function postalAddress(site: Site): Record<string, unknown> {
  const { street, city, region, postalCode, country } = site.address;
  return { '@type': 'PostalAddress', streetAddress: street, addressLocality: city, addressRegion: region, postalCode, addressCountry: country };
}

export function venueJsonLd(site: Site, catalog: MembershipCatalog, facts: VenueFacts): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': venueId(facts.siteUrl),
    name: site.name,
    description: site.description,
    url: absolute('/', facts.siteUrl),
    logo: absolute(site.logo.src, facts.siteUrl),
    image: facts.image,
    telephone: site.phone,
    email: site.email,
    priceRange: membershipPriceRange(catalog),
    address: postalAddress(site),
    geo: { '@type': 'GeoCoordinates', latitude: site.map.latitude, longitude: site.map.longitude },
    openingHoursSpecification: openingHoursSpecification(site.hours),
    maximumAttendeeCapacity: facts.maxGuests,
    sameAs: [site.links.facebook, site.links.instagram],
  };
}

/** One Offer per plan, with a monthly unit price per billing term. */
export function membershipOffersJsonLd(site: Site, catalog: MembershipCatalog, siteUrl: string): Record<string, unknown> {
  const currency = catalog.currency.toUpperCase();
  return {
    '@context': 'https://schema.org',
    '@type': 'OfferCatalog',
    name: `${site.name} Memberships`,
    url: absolute('/memberships', siteUrl),
    itemListElement: catalog.plans.map((plan) => ({
      '@type': 'Offer',
      name: `${plan.tier} Membership`,
      description: `${plan.description} ${plan.dailyReservations}, ${plan.playingRestrictions}, ${plan.guestsAllowed}.`,
      url: absolute(`/membership-checkout?tier=${encodeURIComponent(plan.tier)}`, siteUrl),
      price: Math.min(...Object.values(plan.monthlyRates)),
      priceCurrency: currency,
      availability: 'https://schema.org/InStock',
      seller: { '@id': venueId(siteUrl) },
      priceSpecification: catalog.terms.map((term) => ({
        '@type': 'UnitPriceSpecification',
        name: `${term.label} (${term.cadence})`,
        price: termSavings(plan, term).monthlyRate,
        priceCurrency: currency,
        unitCode: 'MON',
        billingDuration: term.months,
      })),
    })),
  };
}

/** The league team registration: price per team per session, available while a session is open. */
/** `open`: whether some session took registrations when the page was built (the registration window decides). */
export function leagueOfferJsonLd(site: Site, league: League, siteUrl: string, open: boolean): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Offer',
    name: `${site.name} League Registration (${league.teamFormat}, per session)`,
    url: absolute('/league-registration', siteUrl),
    price: league.pricePerTeamPerSession,
    priceCurrency: league.currency.toUpperCase(),
    availability: open ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    seller: { '@id': venueId(siteUrl) },
    itemOffered: league.sessions.map((session) => ({
      '@type': 'SportsEvent',
      name: `${site.name} League: ${session.name}`,
      startDate: session.startDate,
      endDate: session.endDate,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@id': venueId(siteUrl) },
    })),
  };
}

const DAY_URL = (day: string) => `https://schema.org/${day}`;

/** The upcoming events list as schema.org Events at the venue. */
export function upcomingEventsJsonLd(events: ReadonlyArray<Pick<UpcomingEventView, 'title' | 'summary' | 'startDate' | 'weekly'>>, site: Site, siteUrl: string): Array<Record<string, unknown>> {
  const location = {
    '@type': 'Place',
    name: site.name,
    address: postalAddress(site),
  };
  return events.map((event) => ({
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.summary,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location,
    organizer: { '@type': 'Organization', name: site.name, url: absolute('/', siteUrl) },
    url: absolute('/events', siteUrl),
    ...(event.startDate ? { startDate: event.startDate } : {}),
    ...(event.weekly
      ? {
          eventSchedule: {
            '@type': 'Schedule',
            byDay: DAY_URL(event.weekly.day),
            startTime: event.weekly.startTime,
            endTime: event.weekly.endTime,
            repeatFrequency: 'P1W',
            scheduleTimezone: 'America/Chicago',
          },
        }
      : {}),
  }));
}
