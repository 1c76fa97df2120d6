/**
 * The guest's pages of a bay booking and their addresses (pure): the success page (after Checkout,
 * or at once when included hours cover it all) and the manage page (the confirmation's link). Both
 * carry the booking id and its signed token in the query, which the pages pass to
 * /api/bay-booking/:id/:token. The server builds the links (Stripe's success_url, the e-mail) here too.
 */
export const BOOKING_SUCCESS_PATH = '/book/success';
export const BOOKING_MANAGE_PATH = '/book/manage';

export interface BookingLink {
  id: string;
  token: string;
}

/** `${origin}/book/success?booking=…&token=…` (origin without a trailing slash; '' for a site-relative link). */
export function bookingPageUrl(origin: string, path: typeof BOOKING_SUCCESS_PATH | typeof BOOKING_MANAGE_PATH, link: BookingLink): string {
  const query = new URLSearchParams({ booking: link.id, token: link.token });
  return `${origin}${path}?${query.toString()}`;
}

/** The booking a page's query names, or null when it names none. */
export function bookingLinkOf(search: string): BookingLink | null {
  const query = new URLSearchParams(search);
  const id = query.get('booking')?.trim();
  const token = query.get('token')?.trim();
  return id && token ? { id, token } : null;
}
