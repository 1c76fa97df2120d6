import * as z from 'zod';
import { hourlyRatesSchema, openingHoursSchema } from './hours';

/**
 * The venue's identity: name, logo, address, phone and links. One content file
 * (src/content/site.json) holds it; every page, the structured data and the functions read it here.
 */
export const siteSchema = z.object({
  name: z.string().min(1),
  shortName: z.string().min(1),
  tagline: z.string().min(1),
  description: z.string().min(1).max(300),
  keywords: z.array(z.string().min(1)).min(1),
  locale: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/),
  logo: z.object({ src: z.string().startsWith('/'), alt: z.string().min(1) }),
  socialImage: z.string().startsWith('/'),
  /** True while the address, phone, e-mail and links are still the shipped placeholders. */
  placeholder: z.boolean(),
  address: z.object({
    street: z.string().min(1),
    city: z.string().min(1),
    region: z.string().min(2),
    postalCode: z.string().min(3),
    country: z.string().length(2),
  }),
  phone: z.string().regex(/^[0-9()+\-. ]{7,}$/),
  email: z.email(),
  /**
   * Where "Book Now", "Reserve Your Bay", "Book Your Bay" and "Book a Bay" lead: `external` opens
   * links.booking (another booking site) in a new tab; `onsite` opens the site's own /book.
   */
  booking: z.object({ mode: z.enum(['external', 'onsite']) }),
  links: z.object({
    booking: z.url(),
    ordering: z.url(),
    newsletter: z.url(),
    facebook: z.url(),
    instagram: z.url(),
  }),
  /** Footer blurb about the facility. */
  blurb: z.string().min(1).max(400),
  /** The hours printed on the pages (footer, contact); the structured data derives from them too. */
  hours: openingHoursSchema,
  /** Simulator rates printed on the contact page. */
  rates: hourlyRatesSchema,
  /** The embedded map on the contact page. */
  map: z.object({
    title: z.string().min(1),
    embedUrl: z.url(),
    linkUrl: z.url(),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
  /** "We typically reply within 24 hours." */
  replyTime: z.string().min(1),
  /** Year in the footer's copyright line. */
  copyrightYear: z.number().int().min(2000).max(2100),
});

export type Site = z.infer<typeof siteSchema>;

/** "100 Placeholder Way, Verona, WI 53593" */
export function formatAddress(address: Site['address']): string {
  return `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
}

export { phoneHref } from './phone';

/** The site's own booking page (booking.mode `onsite`). */
export const BOOKING_PAGE_PATH = '/book';

/** Where the booking buttons lead: the external booking site or the site's own /book, by booking.mode. */
export function bookingHref(site: Pick<Site, 'booking' | 'links'>): string {
  return site.booking.mode === 'onsite' ? BOOKING_PAGE_PATH : site.links.booking;
}

/** What the site's own booking endpoints answer when booking.mode is `external`. */
export function onsiteBookingOffMessage(site: Pick<Site, 'links'>): string {
  return `Bays are booked on our booking site: ${site.links.booking}`;
}

/** site.json's links with `booking` where the booking buttons lead (navigation's "Book a Bay" follows the mode too). */
export function siteLinks(site: Pick<Site, 'booking' | 'links'>): Site['links'] {
  return { ...site.links, booking: bookingHref(site) };
}
