/**
 * What a guest's booking page asks the server, each answer turned into an event of
 * booking-view-state.ts. `fetcher` and `sleep` stand in for the browser's in tests.
 */
import { cancelBooking, releaseHold, viewBooking, type GuestBooking } from '../contract/bay-booking';
import type { BookingLink } from '../rules/links';
import { ApiError, callApi, type FetchLike } from '../../../lib/api-client';
import type { BookingPageEvent } from './booking-view-state';
import { CONNECTION_ERROR } from './texts';

/** How long the success page waits, before each new look, for Stripe's confirmation of a payment; then it says it is still on its way. */
export const CONFIRMATION_WAITS_MS = [1000, 2000, 3000, 4000, 5000] as const;

export type BookingPageMode = 'success' | 'manage';

/**
 * Where the manage page was reached from after paying for a move: 'paid' (Checkout's return: the page
 * waits for Stripe's confirmation of the move) or 'back' (Checkout's back link: the held move is let go).
 */
export type AfterMove = 'paid' | 'back' | null;

export const afterMoveOf = (search: string): AfterMove => {
  const value = new URLSearchParams(search).get('move');
  return value === 'paid' || value === 'back' ? value : null;
};

/** The wait before looking again, a few times: on the success page while the booking waits for payment, on the manage page after paying for a move while the move waits. */
export function confirmationWait(mode: BookingPageMode, booking: GuestBooking, attempt: number, afterMove: AfterMove = null): number | undefined {
  const waiting = mode === 'success' ? booking.status === 'held' : afterMove === 'paid' && booking.pendingMove !== null;
  return waiting ? CONFIRMATION_WAITS_MS[attempt] : undefined;
}

interface FollowDeps {
  fetcher?: FetchLike;
  sleep?: (ms: number) => Promise<void>;
  afterMove?: AfterMove;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Reads the booking and, on the success page, reads it again while its payment is unconfirmed.
 * Answers a stop function: nothing is dispatched after it was called.
 */
export function followBooking(link: BookingLink, mode: BookingPageMode, dispatch: (event: BookingPageEvent) => void, { fetcher, sleep = pause, afterMove = null }: FollowDeps = {}): () => void {
  let stopped = false;
  const load = async (attempt: number): Promise<void> => {
    try {
      // Back from a move's Checkout without paying: its held time is let go first.
      const booking = afterMove === 'back' && attempt === 0 ? await callApi(releaseHold, { params: link, fetcher }) : await callApi(viewBooking, { params: link, fetcher });
      if (stopped) return;
      const wait = confirmationWait(mode, booking, attempt, afterMove);
      if (afterMove === 'back' && booking.pendingMove === null) dispatch({ type: 'moveKept', booking });
      else if (afterMove === 'paid' && wait === undefined && booking.pendingMove === null && booking.history.length > 0) dispatch({ type: 'moved', booking });
      else dispatch({ type: 'found', booking });
      if (wait === undefined) return;
      await sleep(wait);
      if (!stopped) await load(attempt + 1);
    } catch {
      if (!stopped) dispatch({ type: 'notFound' });
    }
  };
  void load(0);
  return () => {
    stopped = true;
  };
}

/** Cancels the booking as the page read it (its revision): the booking as it is now, or why not (the server's words for a refusal). */
export async function cancelGuestBooking(link: BookingLink, revision: string, fetcher?: FetchLike): Promise<BookingPageEvent> {
  try {
    return { type: 'cancelled', booking: await callApi(cancelBooking, { params: link, body: { revision }, fetcher }) };
  } catch (caught) {
    return { type: 'cancelFailed', message: caught instanceof ApiError ? (caught.serverMessage ?? 'Please try again, or call us.') : CONNECTION_ERROR };
  }
}
