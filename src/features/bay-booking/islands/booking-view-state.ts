/**
 * A guest's booking page (success after Checkout, manage from the e-mail) as data: the booking as
 * last read through its signed link, the cancellation in progress, and what a move just did. Pure: BookingView renders it
 * and dispatches; booking-view-calls.ts reads and cancels the booking.
 */
import type { GuestBooking } from '../contract/bay-booking';
import type { BookingLink } from '../rules/links';
import { formatCents } from '../../../domain/money';
import { dateLabel, timeRange } from './format';

export type BookingPageView = { state: 'loading' } | { state: 'missing' } | { state: 'shown'; booking: GuestBooking };

export interface BookingPageState {
  view: BookingPageView;
  link: BookingLink | null;
  cancelError: string | undefined;
  cancelling: boolean;
  /** Read out once a cancellation went through. */
  announcement: string;
}

export type BookingPageEvent =
  | { type: 'linkRead'; link: BookingLink | null }
  | { type: 'found'; booking: GuestBooking }
  | { type: 'notFound' }
  | { type: 'cancelling' }
  | { type: 'cancelled'; booking: GuestBooking }
  | { type: 'cancelFailed'; message: string }
  | { type: 'dialogClosed' }
  | { type: 'moved'; booking: GuestBooking }
  | { type: 'moveKept'; booking: GuestBooking };

export const initialBookingPage: BookingPageState = { view: { state: 'loading' }, link: null, cancelError: undefined, cancelling: false, announcement: '' };

/** What the page says once the booking is cancelled, with the refund when there is one. */
export function cancelledAnnouncement(booking: GuestBooking): string {
  return booking.refundedCents > 0 ? `Your booking is cancelled. ${formatCents(booking.refundedCents)} is on its way back to your card.` : 'Your booking is cancelled.';
}

/** What the page says once the booking is moved: where it is now, and the update on its way. */
export function movedAnnouncement(booking: GuestBooking): string {
  return `Your booking is moved to ${dateLabel(booking.date)}, ${timeRange(booking.startsAt, booking.endsAt)}. The update with the calendar file is on its way to ${booking.email}.`;
}

/** What the page says when the guest backed out of paying for a move. */
export const MOVE_KEPT_ANNOUNCEMENT = 'The move was not made: your booking keeps its time.';

export function reduceBookingPage(state: BookingPageState, event: BookingPageEvent): BookingPageState {
  switch (event.type) {
    case 'linkRead':
      // An address without a booking and its token names nothing to look up.
      return { ...state, link: event.link, view: event.link ? state.view : { state: 'missing' } };
    case 'found':
      return { ...state, view: { state: 'shown', booking: event.booking } };
    case 'notFound':
      return { ...state, view: { state: 'missing' } };
    case 'cancelling':
      return { ...state, cancelling: true, cancelError: undefined };
    case 'cancelled':
      return { ...state, cancelling: false, view: { state: 'shown', booking: event.booking }, announcement: cancelledAnnouncement(event.booking) };
    case 'cancelFailed':
      return { ...state, cancelling: false, cancelError: event.message };
    case 'dialogClosed':
      return { ...state, cancelError: undefined };
    case 'moved':
      return { ...state, view: { state: 'shown', booking: event.booking }, announcement: movedAnnouncement(event.booking) };
    case 'moveKept':
      return { ...state, view: { state: 'shown', booking: event.booking }, announcement: MOVE_KEPT_ANNOUNCEMENT };
  }
}
