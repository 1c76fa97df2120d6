/**
 * The free start times /book shows, as an event of booking-state.ts. The server decides every price;
 * `fetcher` stands in for the browser's fetch in tests.
 */
import { bayAvailability } from '../contract/bay-availability';
import { releaseHold } from '../contract/bay-booking';
import { bookingLinkOf } from '../rules/links';
import { ApiError, callApi, type FetchLike } from '../../../lib/api-client';
import type { BookingEvent, Visit } from './booking-state';
import { LOAD_ERROR } from './texts';

/** The free times of a visit: found, or why not (the server's words for a visit it refuses). */
export async function lookUpTimes(visit: Visit, lookup: number, fetcher?: FetchLike): Promise<BookingEvent> {
  try {
    const availability = await callApi(bayAvailability, { params: { date: visit.date, lengthMinutes: visit.length, partySize: visit.partySize }, fetcher });
    return { type: 'timesFound', lookup, availability };
  } catch (caught) {
    return { type: 'timesFailed', lookup, message: caught instanceof ApiError && caught.status === 400 ? (caught.serverMessage ?? LOAD_ERROR) : LOAD_ERROR };
  }
}

/**
 * Back from Checkout without paying (its back link names the hold in /book's query): gives the hold
 * back, so the same time can be chosen again at once. True when the query named one; a failed call
 * leaves the hold to lapse on its own.
 */
export async function releaseReturningHold(search: string, fetcher?: FetchLike): Promise<boolean> {
  const link = bookingLinkOf(search);
  if (!link) return false;
  await callApi(releaseHold, { params: link, fetcher }).catch(() => undefined);
  return true;
}
