import { describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../../tests/support/fake-fetch';
import type { GuestBooking } from '../contract/bay-booking';
import { initialBookingPage, reduceBookingPage, type BookingPageEvent, type BookingPageState } from './booking-view-state';
import { cancelGuestBooking, CONFIRMATION_WAITS_MS, confirmationWait, followBooking } from './booking-view-calls';
import { CONNECTION_ERROR } from './texts';

const booking: GuestBooking = {
  id: 'b1',
  status: 'confirmed',
  date: '2026-03-06',
  start: '18:00',
  startsAt: '2026-03-07T00:00:00.000Z',
  endsAt: '2026-03-07T01:00:00.000Z',
  lengthMinutes: 60,
  partySize: 2,
  bayId: 'bay-1',
  bayName: 'Bay 1',
  name: 'Val Visitor',
  email: 'val@example.com',
  amountCents: 4000,
  includedMinutes: 0,
  refundedCents: 0,
  cancellable: true,
  cancelRefusal: null,
  freeCancellationUntil: '2026-03-06T00:00:00.000Z',
  phone: '(608) 555-0100',
  manageUrl: '/book/manage?booking=b1&token=t',
  calendarUrl: '/api/bay-booking/b1/t/calendar.ics',
  movable: true,
  moveRefusal: null,
  revision: 'r'.repeat(60),
  pendingMove: null,
  history: [],
};
const held = { ...booking, status: 'held' as const };
const link = { id: 'b1', token: 't' };
const run = (state: BookingPageState, ...events: BookingPageEvent[]) => events.reduce(reduceBookingPage, state);

describe('a guest’s booking page', () => {
  it('loads the booking its link names; an address without a link, or an unknown booking, is not found', () => {
    expect(initialBookingPage.view).toEqual({ state: 'loading' });
    expect(run(initialBookingPage, { type: 'linkRead', link })).toMatchObject({ link, view: { state: 'loading' } });
    expect(run(initialBookingPage, { type: 'linkRead', link: null }).view).toEqual({ state: 'missing' });
    expect(run(initialBookingPage, { type: 'linkRead', link }, { type: 'found', booking }).view).toEqual({ state: 'shown', booking });
    expect(run(initialBookingPage, { type: 'linkRead', link }, { type: 'notFound' }).view).toEqual({ state: 'missing' });
  });

  it('cancelling shows the cancelled booking and announces the refund', () => {
    const shown = run(initialBookingPage, { type: 'linkRead', link }, { type: 'found', booking });
    const cancelling = reduceBookingPage(shown, { type: 'cancelling' });
    expect(cancelling).toMatchObject({ cancelling: true, cancelError: undefined });
    const cancelled = { ...booking, status: 'cancelled' as const, refundedCents: 4000 };
    expect(reduceBookingPage(cancelling, { type: 'cancelled', booking: cancelled })).toMatchObject({
      cancelling: false,
      view: { state: 'shown', booking: cancelled },
      announcement: 'Your booking is cancelled. $40.00 is on its way back to your card.',
    });
    const included = { ...cancelled, amountCents: 0, refundedCents: 0 };
    expect(reduceBookingPage(cancelling, { type: 'cancelled', booking: included }).announcement).toBe('Your booking is cancelled.');
  });

  it('a refused cancellation says why; trying again or closing the dialog clears it', () => {
    const failed = run(initialBookingPage, { type: 'found', booking }, { type: 'cancelling' }, { type: 'cancelFailed', message: 'Too late to cancel online.' });
    expect(failed).toMatchObject({ cancelling: false, cancelError: 'Too late to cancel online.', view: { state: 'shown', booking } });
    expect(reduceBookingPage(failed, { type: 'cancelling' })).toMatchObject({ cancelling: true, cancelError: undefined });
    expect(reduceBookingPage(failed, { type: 'dialogClosed' }).cancelError).toBeUndefined();
  });
});

describe('following the booking', () => {
  /** Follows the booking until `count` events were dispatched (sleeping takes no time). */
  async function follow(mode: 'success' | 'manage', fetcher: ReturnType<typeof fakeFetch>, count: number) {
    const events: BookingPageEvent[] = [];
    const waits: number[] = [];
    followBooking(link, mode, (event) => events.push(event), { fetcher, sleep: async (ms) => void waits.push(ms) });
    await vi.waitFor(() => expect(events).toHaveLength(count));
    return { events, waits };
  }

  it('waits only on the success page, only while the payment is unconfirmed, and only a few times', () => {
    expect(confirmationWait('success', held, 0)).toBe(CONFIRMATION_WAITS_MS[0]);
    expect(confirmationWait('success', held, CONFIRMATION_WAITS_MS.length)).toBeUndefined();
    expect(confirmationWait('success', booking, 0)).toBeUndefined();
    expect(confirmationWait('manage', held, 0)).toBeUndefined();
  });

  it('on the success page, looks again until Stripe has confirmed the payment', async () => {
    const fetcher = fakeFetch({ status: 200, body: held }, { status: 200, body: held }, { status: 200, body: booking });
    const { events, waits } = await follow('success', fetcher, 3);
    expect(events).toEqual([
      { type: 'found', booking: held },
      { type: 'found', booking: held },
      { type: 'found', booking },
    ]);
    expect(waits).toEqual([1000, 2000]);
    expect(fetcher.calls.map((call) => call.url)).toEqual(Array(3).fill('/api/bay-booking/b1/t'));
  });

  it('stops looking after the last wait and shows the booking still waiting', async () => {
    const { events, waits } = await follow('success', fakeFetch({ status: 200, body: held }), CONFIRMATION_WAITS_MS.length + 1);
    expect(waits).toEqual([...CONFIRMATION_WAITS_MS]);
    expect(events).toHaveLength(CONFIRMATION_WAITS_MS.length + 1);
    expect(events.at(-1)).toEqual({ type: 'found', booking: held });
  });

  it('the manage page reads once; an unknown booking is not found', async () => {
    expect(await follow('manage', fakeFetch({ status: 200, body: held }), 1)).toEqual({ events: [{ type: 'found', booking: held }], waits: [] });
    expect((await follow('success', fakeFetch({ status: 404, body: { error: 'Booking not found.' } }), 1)).events).toEqual([{ type: 'notFound' }]);
  });

  it('neither looks again nor dispatches once stopped (the page was left while waiting)', async () => {
    const events: BookingPageEvent[] = [];
    const fetcher = fakeFetch({ status: 200, body: held });
    let slept = false;
    const stop = followBooking(link, 'success', (event) => events.push(event), {
      fetcher,
      sleep: async () => {
        slept = true;
        stop();
      },
    });
    await vi.waitFor(() => expect(slept).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(events).toEqual([{ type: 'found', booking: held }]);
    expect(fetcher.calls).toHaveLength(1);
  });

  it('cancels through the link, sending back the booking as the page read it: the booking as it is now, or why not', async () => {
    const cancelled = { ...booking, status: 'cancelled' as const };
    const fetcher = fakeFetch({ status: 200, body: cancelled });
    expect(await cancelGuestBooking(link, 'sealed-revision', fetcher)).toEqual({ type: 'cancelled', booking: cancelled });
    expect(fetcher.calls).toEqual([{ url: '/api/bay-booking/b1/t/cancel', method: 'POST', body: { revision: 'sealed-revision' } }]);
    expect(await cancelGuestBooking(link, 'sealed-revision', fakeFetch({ status: 409, body: { error: 'Too late to cancel online.' } }))).toEqual({ type: 'cancelFailed', message: 'Too late to cancel online.' });
    expect(await cancelGuestBooking(link, 'sealed-revision', fakeFetch({ status: 500 }))).toEqual({ type: 'cancelFailed', message: 'Please try again, or call us.' });
    expect(await cancelGuestBooking(link, 'sealed-revision', fakeFetch('offline'))).toEqual({ type: 'cancelFailed', message: CONNECTION_ERROR });
  });
});
