import { describe, expect, it } from 'vitest';
import type { BayAvailability, BayStartTime } from '../contract/bay-availability';
import { holdRequest, initialBooking, nextFreeOffer, reduceBooking, timeKey, timesStatus, type BookingEvent, type BookingState } from './booking-state';

const time = (start: string, startsAt: string, bays = ['bay-1', 'bay-2']): BayStartTime => ({
  start,
  startsAt,
  endsAt: startsAt.replace(/T(\d\d)/, (_, hour: string) => `T${String(Number(hour) + 1).padStart(2, '0')}`),
  fullPriceCents: 4000,
  priceCents: 4000,
  includedMinutes: 0,
  peak: false,
  bays,
});
const six = time('18:00', '2026-03-07T00:00:00.000Z');
const seven = time('19:00', '2026-03-07T01:00:00.000Z', ['bay-2']);

function answer(times: BayStartTime[], extra: Partial<BayAvailability> = {}): BayAvailability {
  return {
    date: '2026-03-06',
    lengthMinutes: 60,
    partySize: 2,
    firstDate: '2026-03-01',
    lastDate: '2026-04-30',
    closedReason: null,
    nextFreeDate: null,
    chooseBay: false,
    member: null,
    bayTypes: [{ id: 'standard', name: 'Simulator bay', minGuests: 1, maxGuests: 6, fits: true, times }],
    ...extra,
  };
}

const run = (state: BookingState, ...events: BookingEvent[]) => events.reduce(reduceBooking, state);
/** The form once the venue's today is known and its first lookup answered. */
const listed = (times = [six, seven], extra?: Partial<BayAvailability>) =>
  run(initialBooking(60), { type: 'visit', field: 'date', value: '2026-03-06' }, { type: 'timesFound', lookup: 1, availability: answer(times, extra) });

describe('the visit and its free times', () => {
  it('starts empty, with two guests and the shortest length, and asks nothing before a date is known', () => {
    const start = initialBooking(60);
    expect(start.visit).toEqual({ date: '', partySize: '2', length: '60' });
    expect(start).toMatchObject({ lookup: 0, loading: false, availability: null, picked: null });
    expect(reduceBooking(start, { type: 'lookAgain' })).toBe(start);
    expect(reduceBooking(start, { type: 'visit', field: 'partySize', value: '4' })).toMatchObject({ lookup: 0, loading: false });
  });

  it('looks again for each changed date, party or length, not for an unchanged or emptied field', () => {
    const dated = run(initialBooking(60), { type: 'visit', field: 'date', value: '2026-03-06' });
    expect(dated).toMatchObject({ lookup: 1, loading: true, visit: { date: '2026-03-06' } });
    expect(reduceBooking(dated, { type: 'visit', field: 'date', value: '2026-03-06' })).toBe(dated);
    expect(reduceBooking(dated, { type: 'visit', field: 'date', value: '' })).toBe(dated);
    const changed = run(dated, { type: 'visit', field: 'partySize', value: '4' }, { type: 'visit', field: 'length', value: '90' });
    expect(changed).toMatchObject({ lookup: 3, visit: { date: '2026-03-06', partySize: '4', length: '90' } });
  });

  it('shows the answer to the latest lookup only', () => {
    const two = run(initialBooking(60), { type: 'visit', field: 'date', value: '2026-03-06' }, { type: 'visit', field: 'date', value: '2026-03-07' });
    const stale = reduceBooking(two, { type: 'timesFound', lookup: 1, availability: answer([six]) });
    expect(stale).toBe(two);
    expect(reduceBooking(two, { type: 'timesFailed', lookup: 1, message: 'late' })).toBe(two);
    const fresh = reduceBooking(two, { type: 'timesFound', lookup: 2, availability: answer([seven]) });
    expect(fresh).toMatchObject({ loading: false, availability: { bayTypes: [{ times: [seven] }] } });
  });

  it('keeps the picked time while it is still free, with its new price, and drops it once it is not', () => {
    const picked = run(listed(), { type: 'pick', pick: { bayType: 'standard', time: six } });
    const repriced = { ...six, priceCents: 0, includedMinutes: 60 };
    const signedIn = run(picked, { type: 'lookAgain' }, { type: 'timesFound', lookup: 2, availability: answer([repriced, seven]) });
    expect(signedIn.picked).toEqual({ bayType: 'standard', time: repriced });
    const gone = run(signedIn, { type: 'lookAgain' }, { type: 'timesFound', lookup: 3, availability: answer([seven]) });
    expect(gone.picked).toBeNull();
  });

  it('a failed lookup says why and drops the times and the pick; the next lookup clears the message', () => {
    const picked = run(listed(), { type: 'pick', pick: { bayType: 'standard', time: six } }, { type: 'visit', field: 'date', value: '2026-03-09' });
    const failed = reduceBooking(picked, { type: 'timesFailed', lookup: 2, message: 'Too far ahead.' });
    expect(failed).toMatchObject({ loading: false, availability: null, picked: null, loadError: 'Too far ahead.' });
    expect(timesStatus(failed)).toBe('');
    const retried = reduceBooking(failed, { type: 'visit', field: 'date', value: '2026-03-10' });
    expect(retried).toMatchObject({ loading: true, loadError: undefined, lookup: 3 });
  });

  it('tells how the search stands: looking, how many start times, or why the day is closed', () => {
    expect(timesStatus(initialBooking(60))).toBe('');
    expect(timesStatus(run(initialBooking(60), { type: 'visit', field: 'date', value: '2026-03-06' }))).toBe('Looking for free times...');
    expect(timesStatus(listed())).toBe('2 start times free on Friday, March 6, 2026.');
    expect(timesStatus(listed([six]))).toBe('1 start time free on Friday, March 6, 2026.');
    expect(timesStatus(listed([], { closedReason: 'Closed for Thanksgiving' }))).toBe('Closed for Thanksgiving');
  });

  it('opens on the first day with a free start: a today with none moves on to the next free day once', () => {
    const opened = reduceBooking(initialBooking(60), { type: 'open', date: '2026-03-06' });
    expect(opened).toMatchObject({ opening: true, lookup: 1, loading: true, visit: { date: '2026-03-06' } });
    const moved = reduceBooking(opened, { type: 'timesFound', lookup: 1, availability: answer([], { nextFreeDate: '2026-03-07' }) });
    expect(moved).toMatchObject({ opening: false, lookup: 2, loading: true, visit: { date: '2026-03-07' } });
    // The next day's answer is shown as it is, even if it were empty meanwhile: no endless walking.
    const shown = reduceBooking(moved, { type: 'timesFound', lookup: 2, availability: answer([], { date: '2026-03-07', nextFreeDate: '2026-03-08' }) });
    expect(shown).toMatchObject({ loading: false, visit: { date: '2026-03-07' }, availability: { date: '2026-03-07' } });
    // A today with free starts stays.
    const stays = reduceBooking(opened, { type: 'timesFound', lookup: 1, availability: answer([six]) });
    expect(stays).toMatchObject({ opening: false, loading: false, visit: { date: '2026-03-06' } });
  });

  it('a day the visitor picks with no free start is shown, and names the next free day one click away', () => {
    const empty = listed([], { nextFreeDate: '2026-03-09' });
    expect(empty.visit.date).toBe('2026-03-06');
    expect(timesStatus(empty)).toBe('0 start times free on Friday, March 6, 2026.');
    const offer = nextFreeOffer(empty);
    expect(offer).toEqual({ date: '2026-03-09', label: 'Next free start: Monday, March 9, 2026' });
    expect(reduceBooking(empty, { type: 'visit', field: 'date', value: offer!.date })).toMatchObject({ loading: true, visit: { date: '2026-03-09' } });
    expect(nextFreeOffer(listed([], { closedReason: 'Closed for Thanksgiving', nextFreeDate: '2026-03-07' }))?.date).toBe('2026-03-07');
    expect(nextFreeOffer(listed())).toBeNull();
    expect(nextFreeOffer(listed([]))).toBeNull();
  });

  it('keys a start time by its instant, so a time that happens twice on the autumn DST day stays two choices', () => {
    const first = time('01:00', '2026-11-01T06:00:00.000Z');
    const second = time('01:00', '2026-11-01T07:00:00.000Z');
    expect(timeKey('standard', first)).not.toBe(timeKey('standard', second));
  });
});

describe('picking a time and holding it', () => {
  const contact = (state: BookingState) =>
    run(state, { type: 'contact', field: 'name', value: 'Val' }, { type: 'contact', field: 'email', value: 'val@example.com' }, { type: 'contact', field: 'phone', value: '6085550142' });

  it('a pick takes its first free bay and clears earlier errors; another bay can be chosen', () => {
    const invalid = run(listed(), { type: 'invalid', errors: { name: 'Name is required' } });
    const picked = reduceBooking(invalid, { type: 'pick', pick: { bayType: 'standard', time: six } });
    expect(picked).toMatchObject({ bayId: 'bay-1', errors: {} });
    expect(reduceBooking(picked, { type: 'bay', bayId: 'bay-2' }).bayId).toBe('bay-2');
    expect(reduceBooking(picked, { type: 'pick', pick: { bayType: 'standard', time: { ...seven, bays: [] } } }).bayId).toBe('');
  });

  it('asks to hold the picked time with the contact, naming the bay only where visitors choose one', () => {
    expect(holdRequest(listed())).toBeNull();
    const picked = contact(run(listed(), { type: 'pick', pick: { bayType: 'standard', time: six } }, { type: 'bay', bayId: 'bay-2' }));
    const body = { date: '2026-03-06', start: '18:00', lengthMinutes: 60, partySize: 2, bayType: 'standard', name: 'Val', email: 'val@example.com', phone: '6085550142' };
    expect(holdRequest(picked)).toEqual(body);
    const choosing = contact(run(listed([six], { chooseBay: true }), { type: 'pick', pick: { bayType: 'standard', time: six } }, { type: 'bay', bayId: 'bay-2' }));
    expect(holdRequest(choosing)).toEqual({ ...body, bayId: 'bay-2' });
    const withCard = reduceBooking(picked, { type: 'contact', field: 'giftCardCode', value: 'abcd-efgh-jklm-npqr' });
    expect(holdRequest(withCard)).toEqual({ ...body, giftCardCode: 'abcd-efgh-jklm-npqr' });
  });

  it('an invalid contact shows its errors', () => {
    const errors = { phone: 'Valid phone number is required', email: 'Valid email is required' };
    expect(reduceBooking(listed(), { type: 'invalid', errors }).errors).toEqual(errors);
  });

  it('while holding, the button waits; a refusal shows why and lets the visitor try again', () => {
    const picked = run(listed(), { type: 'pick', pick: { bayType: 'standard', time: six } }, { type: 'invalid', errors: { name: 'Name is required' } });
    const holding = reduceBooking(picked, { type: 'holding' });
    expect(holding).toMatchObject({ submitting: true, errors: {} });
    const refused = reduceBooking(holding, { type: 'refused', errors: { phone: 'Valid phone number is required', form: 'Please check the form.' } });
    expect(refused).toMatchObject({ submitting: false, errors: { phone: 'Valid phone number is required', form: 'Please check the form.' }, picked: { time: six } });
    expect(reduceBooking(refused, { type: 'holding' })).toMatchObject({ submitting: true, errors: {} });
  });

  it('a time taken meanwhile drops the pick, says so, and looks for free times again', () => {
    const holding = run(listed(), { type: 'pick', pick: { bayType: 'standard', time: six } }, { type: 'holding' });
    const taken = reduceBooking(holding, { type: 'taken', message: 'That time was just taken. Please choose another.' });
    expect(taken).toMatchObject({ submitting: false, picked: null, errors: { form: 'That time was just taken. Please choose another.' }, lookup: 2, loading: true });
    const relisted = reduceBooking(taken, { type: 'timesFound', lookup: 2, availability: answer([seven]) });
    expect(relisted).toMatchObject({ loading: false, picked: null, errors: { form: 'That time was just taken. Please choose another.' } });
  });
});
