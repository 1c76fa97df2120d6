/** Elements carrying this attribute open the event booking dialog. */
export const BOOKING_TRIGGER_ATTRIBUTE = 'data-booking-trigger';

declare global {
  interface Window {
    /** A trigger clicked before the dialog island hydrated (recorded by BookingDialog.astro's inline script). */
    __pendingBookingTrigger?: HTMLElement | undefined;
  }
}

/** The trigger a visitor clicked before the island was ready, once. */
export function takePendingBookingTrigger(): HTMLElement | undefined {
  const pending = window.__pendingBookingTrigger;
  window.__pendingBookingTrigger = undefined;
  return pending;
}
