/**
 * The /book workflow as data: the visit asked for (date, guests, length), the free start times last
 * answered for it, the start time picked, the guest's contact, and where the hold stands. Pure: the
 * island renders this state and dispatches events; booking-calls.ts and booking-hold.ts turn API
 * answers into events.
 */
import type { BayAvailability, BayStartTime } from '../contract/bay-availability';
import type { holdBay } from '../contract/bay-hold';
import type { BodyOf } from '../../../shared/contract/endpoint';
import { dateLabel } from './format';

export interface StartPick {
  bayType: string;
  time: BayStartTime;
}

/** The guest's contact and, optional, a gift card code to pay with. */
export type Contact = { name: string; email: string; phone: string; giftCardCode: string };
export type ContactField = keyof Contact;
export type BookingErrors = Partial<Record<ContactField | 'form', string>>;
/** What the visitor asks for, as the form's fields hold it. */
export type Visit = { date: string; partySize: string; length: string };
export type HoldBody = BodyOf<typeof holdBay>;

export interface BookingState {
  visit: Visit;
  /** Counts the lookups of free times asked for: an answer to an older one is dropped. */
  lookup: number;
  /** True until the first answer: the day /book opens on moves to the next free day when it has no free start. */
  opening: boolean;
  loading: boolean;
  availability: BayAvailability | null;
  loadError: string | undefined;
  picked: StartPick | null;
  bayId: string;
  contact: Contact;
  errors: BookingErrors;
  submitting: boolean;
}

export type BookingEvent =
  | { type: 'open'; date: string }
  | { type: 'visit'; field: keyof Visit; value: string }
  | { type: 'lookAgain' }
  | { type: 'timesFound'; lookup: number; availability: BayAvailability }
  | { type: 'timesFailed'; lookup: number; message: string }
  | { type: 'pick'; pick: StartPick }
  | { type: 'bay'; bayId: string }
  | { type: 'contact'; field: ContactField; value: string }
  | { type: 'invalid'; errors: BookingErrors }
  | { type: 'holding' }
  | { type: 'taken'; message: string }
  | { type: 'refused'; errors: BookingErrors };

/** The empty form the page renders: no date until the island knows the venue's today. */
export function initialBooking(minMinutes: number): BookingState {
  return {
    visit: { date: '', partySize: '2', length: String(minMinutes) },
    lookup: 0,
    opening: false,
    loading: false,
    availability: null,
    loadError: undefined,
    picked: null,
    bayId: '',
    contact: { name: '', email: '', phone: '', giftCardCode: '' },
    errors: {},
    submitting: false,
  };
}

/** Asks for the free times again (nothing to ask before a date is known). */
function lookAgain(state: BookingState): BookingState {
  return state.visit.date ? { ...state, lookup: state.lookup + 1, loading: true, loadError: undefined } : state;
}

/** The picked start time as the new answer lists it, or null when it is no longer free. */
function stillFree(picked: StartPick | null, availability: BayAvailability): StartPick | null {
  const time = picked && availability.bayTypes.find((type) => type.id === picked.bayType)?.times.find((candidate) => candidate.startsAt === picked.time.startsAt);
  return picked && time ? { bayType: picked.bayType, time } : null;
}

export function reduceBooking(state: BookingState, event: BookingEvent): BookingState {
  switch (event.type) {
    case 'open':
      // The venue's today, asked first; the answer may move the form on to the next day with a free start.
      return lookAgain({ ...state, opening: true, visit: { ...state.visit, date: event.date } });
    case 'visit':
      // An emptied field (a cleared date) keeps the last value: there is always a day to show.
      if (!event.value || state.visit[event.field] === event.value) return state;
      return lookAgain({ ...state, visit: { ...state.visit, [event.field]: event.value } });
    case 'lookAgain':
      return lookAgain(state);
    case 'timesFound':
      if (event.lookup !== state.lookup) return state;
      if (state.opening && event.availability.nextFreeDate && freeCount(event.availability) === 0) {
        return lookAgain({ ...state, opening: false, visit: { ...state.visit, date: event.availability.nextFreeDate } });
      }
      return { ...state, opening: false, loading: false, availability: event.availability, picked: stillFree(state.picked, event.availability) };
    case 'timesFailed':
      if (event.lookup !== state.lookup) return state;
      return { ...state, opening: false, loading: false, availability: null, picked: null, loadError: event.message };
    case 'pick':
      return { ...state, picked: event.pick, bayId: event.pick.time.bays[0] ?? '', errors: {} };
    case 'bay':
      return { ...state, bayId: event.bayId };
    case 'contact':
      return { ...state, contact: { ...state.contact, [event.field]: event.value } };
    case 'invalid':
      return { ...state, errors: event.errors };
    case 'holding':
      return { ...state, errors: {}, submitting: true };
    case 'taken':
      // The time went to someone else: say so, drop the pick and look again.
      return lookAgain({ ...state, submitting: false, errors: { form: event.message }, picked: null });
    case 'refused':
      return { ...state, submitting: false, errors: event.errors };
  }
}

/** A stable key for a start time: its instant (a time that happens twice on the autumn DST day differs). */
export const timeKey = (bayType: string, time: BayStartTime) => `${bayType}|${time.startsAt}`;

/** The hold the form asks for, or null while no start time is picked. */
export function holdRequest(state: BookingState): HoldBody | null {
  const { availability, picked, bayId } = state;
  if (!picked || !availability) return null;
  const { giftCardCode, ...guest } = state.contact;
  return {
    date: availability.date,
    start: picked.time.start,
    lengthMinutes: availability.lengthMinutes,
    partySize: availability.partySize,
    bayType: picked.bayType,
    ...(availability.chooseBay && bayId ? { bayId } : {}),
    ...guest,
    ...(giftCardCode.trim() ? { giftCardCode } : {}),
  };
}

/** How many start times the answer lists, over every bay type. */
function freeCount(availability: BayAvailability): number {
  return availability.bayTypes.reduce((sum, type) => sum + type.times.length, 0);
}

/** The later day with a free start the form offers, one click away, when the day shown has none. */
export function nextFreeOffer(state: BookingState): { date: string; label: string } | null {
  const { availability } = state;
  if (state.loading || !availability?.nextFreeDate || freeCount(availability) > 0) return null;
  return { date: availability.nextFreeDate, label: `Next free start: ${dateLabel(availability.nextFreeDate)}` };
}

/** The line that tells how the search for free times stands. */
export function timesStatus(state: BookingState): string {
  const { availability } = state;
  if (state.loading) return 'Looking for free times...';
  if (state.loadError || !availability) return '';
  const count = freeCount(availability);
  return availability.closedReason ?? `${count} start ${count === 1 ? 'time' : 'times'} free on ${dateLabel(availability.date)}.`;
}
