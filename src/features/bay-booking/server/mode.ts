/**
 * Booking on the site is on only in booking.mode `onsite`: in `external` mode the public booking
 * endpoints (availability, holds, member sign-in) refuse before reading or storing anything, and
 * point to the external booking site. A booking's manage link and the staff endpoints keep working,
 * so bookings made before a switch stay manageable.
 */
import { site } from '../../../data/site';
import { onsiteBookingOffMessage, type Site } from '../../../domain/site';
import { HttpError } from '../../../shared/server/request';

/** The endpoint is not offered in this mode: 404, with where to book instead. */
export const BOOKING_OFF_STATUS = 404;

export function refuseUnlessOnsite(settings: Pick<Site, 'booking' | 'links'>): void {
  if (settings.booking.mode !== 'onsite') throw new HttpError(BOOKING_OFF_STATUS, onsiteBookingOffMessage(settings), { bookingUrl: settings.links.booking });
}

/** handle()'s guard for the public booking endpoints, reading the site's settings. */
export const onsiteBookingOnly = (): void => refuseUnlessOnsite(site);
