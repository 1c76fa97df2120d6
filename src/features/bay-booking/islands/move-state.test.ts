import { describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../../tests/support/fake-fetch';
import type { GuestBooking, MoveOption, MoveOptions } from '../contract/bay-booking';
import { afterMoveOf, confirmationWait, CONFIRMATION_WAITS_MS, followBooking } from './booking-view-calls';
import { MOVE_KEPT_ANNOUNCEMENT, movedAnnouncement, reduceBookingPage, initialBookingPage, type BookingPageEvent } from './booking-view-state';
import { keepBooking, loadMoveOptions, requestMove } from './move-calls';
import { differenceLabel, initialMove, moveButtonLabel, optionLabel, reduceMove, type MoveEvent, type MoveState } from './move-state';
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
  freeCancellationUntil: '2026-03-06T20:00:00.000Z',
  phone: '(608) 555-0100',
  manageUrl: '/book/manage?booking=b1&token=t',
  calendarUrl: '/api/bay-booking/b1/t/calendar.ics',
  movable: true,
  moveRefusal: null,
  revision: 'r'.repeat(60),
  pendingMove: null,
  history: [],
};
const link = { id: 'b1', token: 't' };
const option = (start: string, money: Partial<MoveOption> = {}): MoveOption => ({
  start,
  startsAt: `2026-03-07T0${Number(start.slice(0, 2)) - 18}:00:00.000Z`,
  endsAt: `2026-03-07T0${Number(start.slice(0, 2)) - 17}:00:00.000Z`,
  priceCents: 4000,
  includedMinutes: 0,
  chargeCents: 0,
  refundCents: 0,
  cardBackCents: 0,
  ...money,
});
const offered: MoveOptions = { date: '2026-03-06', lengthMinutes: 60, firstDate: '2026-03-01', lastDate: '2026-03-15', closedReason: null, times: [option('19:00'), option('20:00', { chargeCents: 2000 })], revision: 's'.repeat(60) };
const run = (state: MoveState, ...events: MoveEvent[]) => events.reduce(reduceMove, state);

describe('moving a booking on its manage page', () => {
  it('asks a day and a length, starting from the booking’s own; a start is chosen among those offered, and kept only while still offered', () => {
    const start = initialMove(booking);
    expect(start).toMatchObject({ open: false, date: '2026-03-06', lengthMinutes: 60, options: { state: 'idle' }, chosen: null });
    const chosen = run(start, { type: 'opened' }, { type: 'optionsShown', answer: offered }, { type: 'chose', start: '20:00' });
    expect(chosen).toMatchObject({ open: true, chosen: '20:00' });
    expect(reduceMove(chosen, { type: 'optionsShown', answer: { ...offered, times: [option('19:00')] } }).chosen).toBeNull();
    expect(reduceMove(chosen, { type: 'optionsShown', answer: offered }).chosen).toBe('20:00');
    expect(run(chosen, { type: 'dateChanged', date: '2026-03-07' })).toMatchObject({ date: '2026-03-07', chosen: null });
    expect(run(chosen, { type: 'lengthChanged', lengthMinutes: 120 })).toMatchObject({ lengthMinutes: 120, chosen: null });
    expect(run(chosen, { type: 'optionsFailed', message: 'Closed.' })).toMatchObject({ options: { state: 'failed', message: 'Closed.' }, chosen: null });
  });

  it('a refused move says why and keeps the choice; a move made closes the form', () => {
    const chosen = run(initialMove(booking), { type: 'opened' }, { type: 'optionsShown', answer: offered }, { type: 'chose', start: '19:00' }, { type: 'moving' });
    expect(chosen.moving).toBe(true);
    const refused = reduceMove(chosen, { type: 'moveFailed', message: 'Sorry, that time was just taken.' });
    expect(refused).toMatchObject({ moving: false, error: 'Sorry, that time was just taken.', chosen: '19:00' });
    expect(reduceMove(refused, { type: 'moved' })).toMatchObject({ open: false, chosen: null, error: undefined, options: { state: 'idle' } });
  });

  it('labels each start with what the move does with money, and the button with the payment first', () => {
    expect(differenceLabel(option('19:00'))).toBe('no change in price');
    expect(differenceLabel(option('19:00', { chargeCents: 2250 }))).toBe('$22.50 more');
    expect(differenceLabel(option('19:00', { refundCents: 2000 }))).toBe('$20.00 back to your card');
    expect(differenceLabel(option('19:00', { refundCents: 500, cardBackCents: 1500 }))).toBe('$5.00 back to your card and $15.00 back on your gift card');
    expect(optionLabel(option('19:00', { chargeCents: 2000 }))).toMatch(/^\d+:00 [AP]M – \d+:00 [AP]M · \$20\.00 more$/);
    expect(moveButtonLabel(option('19:00', { chargeCents: 2000 }))).toBe('Pay $20.00 and move');
    expect(moveButtonLabel(option('19:00'))).toBe('Move my booking');
    expect(moveButtonLabel(null)).toBe('Move my booking');
  });

  it('asks the server for the starts, and moves: at once, to Checkout for a dearer time, or why not', async () => {
    const fetcher = fakeFetch({ status: 200, body: offered });
    expect(await loadMoveOptions(link, '2026-03-06', 60, fetcher)).toEqual({ type: 'optionsShown', answer: offered });
    expect(fetcher.calls[0]?.url).toBe('/api/bay-booking/b1/t/move-options/2026-03-06/60');
    expect(await loadMoveOptions(link, '2026-03-06', 60, fakeFetch('offline'))).toEqual({ type: 'optionsFailed', message: CONNECTION_ERROR });

    const choice = { date: '2026-03-06', start: '19:00', lengthMinutes: 60, revision: offered.revision };
    const moved = { ...booking, start: '19:00' };
    const mover = fakeFetch({ status: 200, body: { booking: moved, checkoutUrl: null } });
    expect(await requestMove(link, choice, mover)).toEqual({ type: 'moved', booking: moved });
    expect(mover.calls).toEqual([{ url: '/api/bay-booking/b1/t/move', method: 'POST', body: choice }]);
    expect(await requestMove(link, choice, fakeFetch({ status: 200, body: { booking, checkoutUrl: 'https://checkout.example/c/cs_1' } }))).toEqual({ type: 'pay', checkoutUrl: 'https://checkout.example/c/cs_1' });
    expect(await requestMove(link, choice, fakeFetch({ status: 409, body: { error: 'Sorry, that time was just taken.' } }))).toEqual({ type: 'moveFailed', message: 'Sorry, that time was just taken.' });
    expect(await keepBooking(link, fakeFetch({ status: 200, body: booking }))).toEqual(booking);
    expect(await keepBooking(link, fakeFetch('offline'))).toBeNull();
  });
});

describe('the manage page after a move', () => {
  const pending = { ...booking, pendingMove: { date: '2026-03-06', start: '20:00', startsAt: offered.times[1]!.startsAt, endsAt: offered.times[1]!.endsAt, lengthMinutes: 60, chargeCents: 2000, checkoutUrl: 'https://checkout.example/c/cs_1' } };
  const movedBooking = { ...booking, start: '20:00', history: [{ at: '2026-03-01T12:00:00.000Z', from: { date: '2026-03-06', start: '18:00', lengthMinutes: 60, bayName: 'Bay 1' }, to: { date: '2026-03-06', start: '20:00', lengthMinutes: 60, bayName: 'Bay 1' } }] };

  async function follow(afterMove: 'paid' | 'back', fetcher: ReturnType<typeof fakeFetch>, count: number) {
    const events: BookingPageEvent[] = [];
    followBooking(link, 'manage', (event) => events.push(event), { fetcher, sleep: async () => undefined, afterMove });
    await vi.waitFor(() => expect(events).toHaveLength(count));
    return events;
  }

  it('reads where it came from: Checkout’s return or its back link', () => {
    expect(afterMoveOf('?booking=b1&token=t&move=paid')).toBe('paid');
    expect(afterMoveOf('?booking=b1&token=t&move=back')).toBe('back');
    expect(afterMoveOf('?booking=b1&token=t&move=other')).toBeNull();
    expect(confirmationWait('manage', pending, 0, 'paid')).toBe(CONFIRMATION_WAITS_MS[0]);
    expect(confirmationWait('manage', pending, 0, null)).toBeUndefined();
    expect(confirmationWait('manage', booking, 0, 'paid')).toBeUndefined();
  });

  it('back from paying: lets the held move go first and says the booking keeps its time', async () => {
    const fetcher = fakeFetch({ status: 200, body: booking });
    expect(await follow('back', fetcher, 1)).toEqual([{ type: 'moveKept', booking }]);
    expect(fetcher.calls[0]).toMatchObject({ url: '/api/bay-booking/b1/t/release', method: 'POST' });
    expect(reduceBookingPage(initialBookingPage, { type: 'moveKept', booking }).announcement).toBe(MOVE_KEPT_ANNOUNCEMENT);
  });

  it('paid: waits for Stripe’s confirmation of the move, then announces where the booking is now', async () => {
    const events = await follow('paid', fakeFetch({ status: 200, body: pending }, { status: 200, body: movedBooking }), 2);
    expect(events).toEqual([
      { type: 'found', booking: pending },
      { type: 'moved', booking: movedBooking },
    ]);
    expect(reduceBookingPage(initialBookingPage, events[1]!).announcement).toBe(movedAnnouncement(movedBooking));
    expect(movedAnnouncement(movedBooking)).toMatch(/^Your booking is moved to Friday, March 6, 2026, \d+:00 [AP]M – \d+:00 [AP]M\. The update with the calendar file is on its way to val@example\.com\.$/);
  });
});
