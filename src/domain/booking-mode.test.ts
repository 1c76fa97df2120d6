import { describe, expect, it } from 'vitest';
import shipped from '../content/site.json';
import { linkAttributes, navHref } from './navigation';
import { BOOKING_PAGE_PATH, bookingHref, siteLinks, siteSchema } from './site';

const site = siteSchema.parse(shipped);
const external = { ...site, booking: { mode: 'external' as const } };
const onsite = { ...site, booking: { mode: 'onsite' as const } };

describe('booking.mode', () => {
  it('external: the booking buttons open the external booking site in a new tab', () => {
    expect(linkAttributes(bookingHref(external))).toEqual({ href: site.links.booking, target: '_blank', rel: 'noopener noreferrer' });
    expect(navHref({ label: 'Book a Bay', link: 'booking' }, siteLinks(external))).toBe(site.links.booking);
  });

  it('onsite: they open /book in the same tab; the other links stay external', () => {
    expect(linkAttributes(bookingHref(onsite))).toEqual({ href: BOOKING_PAGE_PATH });
    expect(navHref({ label: 'Book a Bay', link: 'booking' }, siteLinks(onsite))).toBe('/book');
    expect(siteLinks(onsite).ordering).toBe(site.links.ordering);
  });

  it('is required and is one of the two modes', () => {
    const { booking: _booking, ...withoutMode } = shipped;
    expect(siteSchema.safeParse(withoutMode).success).toBe(false);
    expect(siteSchema.safeParse({ ...shipped, booking: { mode: 'both' } }).success).toBe(false);
  });
});
