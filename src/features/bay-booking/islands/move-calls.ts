/**
 * What the manage page asks the server to move a booking, each answer turned into an event (move-state.ts
 * or booking-view-state.ts). `fetcher` stands in for the browser's in tests.
 */
import { moveBooking, moveOptions, releaseHold, type GuestBooking } from '../contract/bay-booking';
import type { BookingLink } from '../rules/links';
import { ApiError, callApi, type FetchLike } from '../../../lib/api-client';
import type { MoveEvent } from './move-state';
import { CONNECTION_ERROR } from './texts';

const refusal = (caught: unknown) => (caught instanceof ApiError ? (caught.serverMessage ?? 'Please try again, or call us.') : CONNECTION_ERROR);

/** The starts the booking can move to on `date` for `lengthMinutes`. */
export async function loadMoveOptions(link: BookingLink, date: string, lengthMinutes: number, fetcher?: FetchLike): Promise<MoveEvent> {
  try {
    return { type: 'optionsShown', answer: await callApi(moveOptions, { params: { ...link, date, lengthMinutes: String(lengthMinutes) }, fetcher }) };
  } catch (caught) {
    return { type: 'optionsFailed', message: refusal(caught) };
  }
}

export type MoveOutcome = { type: 'moved'; booking: GuestBooking } | { type: 'pay'; checkoutUrl: string } | { type: 'moveFailed'; message: string };

/** Moves the booking: moved at once, Checkout's page for a dearer time, or why not (the server's words). */
export async function requestMove(link: BookingLink, choice: { date: string; start: string; lengthMinutes: number; revision: string }, fetcher?: FetchLike): Promise<MoveOutcome> {
  try {
    const answer = await callApi(moveBooking, { params: link, body: choice, fetcher });
    return answer.checkoutUrl ? { type: 'pay', checkoutUrl: answer.checkoutUrl } : { type: 'moved', booking: answer.booking };
  } catch (caught) {
    return { type: 'moveFailed', message: refusal(caught) };
  }
}

/** Lets the booking's move that waits for payment go (the guest keeps the booking as it is): the booking as it is now, or null when the server could not be asked. */
export async function keepBooking(link: BookingLink, fetcher?: FetchLike): Promise<GuestBooking | null> {
  try {
    return await callApi(releaseHold, { params: link, fetcher });
  } catch {
    return null;
  }
}
