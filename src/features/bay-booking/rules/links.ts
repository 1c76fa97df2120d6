/**
 * Where a booking's guest reads it: the page Stripe returns to after paying (also the page of a
 * booking that needed no payment), the booking page Checkout's back link returns to, and the manage page, both addressed by the booking id and its
 * signed token, and the calendar file. One place, so the hold, the e-mail and the pages agree.
 */
export const BOOKING_SUCCESS_PATH = '/book/success';
export const BOOKING_MANAGE_PATH = '/book/manage';

function withBooking(origin: string, path: string, id: string, token: string): string {
  return `${origin}${path}?${new URLSearchParams({ booking: id, token }).toString()}`;
}

export const bookingSuccessUrl = (origin: string, id: string, token: string) => withBooking(origin, BOOKING_SUCCESS_PATH, id, token);
export const bookingManageUrl = (origin: string, id: string, token: string) => withBooking(origin, BOOKING_MANAGE_PATH, id, token);
/** Checkout's back link: /book naming the hold, which the page gives back so the time can be chosen again at once. */
export const bookingBackUrl = (origin: string, id: string, token: string) => withBooking(origin, '/book', id, token);
export const bookingCalendarUrl = (origin: string, id: string, token: string) => `${origin}/api/bay-booking/${encodeURIComponent(id)}/${encodeURIComponent(token)}/calendar.ics`;

export interface BookingLink {
  id: string;
  token: string;
}

/** The booking a guest page's query names (as withBooking writes it), or null when it names none. */
export function bookingLinkOf(search: string): BookingLink | null {
  const query = new URLSearchParams(search);
  const id = query.get('booking')?.trim();
  const token = query.get('token')?.trim();
  return id && token ? { id, token } : null;
}
