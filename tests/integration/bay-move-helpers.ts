// Shared by the reschedule tests: bookings made and paid through the API, the guest's manage-link
// calls (view, move options, move, cancel, release) as real Requests, and what the store holds for a booking.
import { expect } from 'vitest';
import bookingFunction, { config as bookingConfig } from '../../netlify/functions/bay-booking';
import hold from '../../netlify/functions/bay-hold';
import type { GuestBooking, MoveAnswer, MoveOptions } from '../../src/features/bay-booking/contract/bay-booking';
import type { BayHoldRequest } from '../../src/features/bay-booking/contract/booking-form';
import { bayBooking } from '../../src/features/bay-booking/catalogue';
import { claimedInstants } from '../../src/features/bay-booking/rules/rules';
import { bookingToken } from '../../src/features/bay-booking/server/link-token';
import { readBooking, slotKey } from '../../src/features/bay-booking/server/store';
import type { StoredBayBooking } from '../../src/features/bay-booking/server/record';
import { routed } from '../support/function-context';
import { apiRequest, withRedis } from './api-helpers';
import type { PaymentsHarness } from './payments-harness';

export const guest = { name: 'Robin Fairway', email: 'robin@example.com', phone: '608-555-0142' };
export const booking = routed(bookingFunction, bookingConfig);

/** A hold through the API: its booking and Checkout session. */
export async function held(choice: Partial<BayHoldRequest> & { date: string; start: string }, headers: Record<string, string> = {}): Promise<{ bookingId: string; sessionId: string | null }> {
  const body: BayHoldRequest = { lengthMinutes: 60, partySize: 2, bayType: 'standard', ...guest, ...choice };
  const response = await hold(apiRequest('/api/bay-hold', { body, headers }));
  expect(response.status, await response.clone().text()).toBe(200);
  const answer = (await response.json()) as { url: string; bookingId: string; needsPayment: boolean };
  return { bookingId: answer.bookingId, sessionId: answer.needsPayment ? answer.url.split('/').at(-1)! : null };
}

/** A booking paid through Checkout (or confirmed at once when nothing is to pay): its id. */
export async function paid(payments: PaymentsHarness, choice: Partial<BayHoldRequest> & { date: string; start: string }, headers: Record<string, string> = {}): Promise<string> {
  const { bookingId, sessionId } = await held(choice, headers);
  if (sessionId) await payments.emulator.completeCheckout(sessionId, { email: choice.email ?? guest.email });
  expect(await readBooking(bookingId)).toMatchObject({ status: 'confirmed' });
  return bookingId;
}

const link = (id: string) => `/api/bay-booking/${id}/${bookingToken(id)}`;

export async function view(id: string): Promise<GuestBooking> {
  const response = await booking(apiRequest(link(id)));
  expect(response.status).toBe(200);
  return (await response.json()) as GuestBooking;
}

export async function options(id: string, date: string, lengthMinutes: number): Promise<MoveOptions> {
  const response = await booking(apiRequest(`${link(id)}/move-options/${date}/${lengthMinutes}`));
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as MoveOptions;
}

/** The guest's move (with the revision the page read, unless given): the status and the answer. */
export async function moveTo(id: string, choice: { date: string; start: string; lengthMinutes: number }, revision?: string): Promise<{ status: number; body: MoveAnswer & { error?: string } }> {
  const body = { ...choice, revision: revision ?? (await view(id)).revision };
  const response = await booking(apiRequest(`${link(id)}/move`, { body }));
  return { status: response.status, body: (await response.json()) as MoveAnswer & { error?: string } };
}

/** The guest's cancel from the page's reading (`revision`): the status and the answer. */
export async function cancelFrom(id: string, revision: string): Promise<{ status: number; body: GuestBooking & { error?: string } }> {
  const response = await booking(apiRequest(`${link(id)}/cancel`, { body: { revision } }));
  return { status: response.status, body: (await response.json()) as GuestBooking & { error?: string } };
}

export async function release(id: string): Promise<GuestBooking> {
  const response = await booking(apiRequest(`${link(id)}/release`, { method: 'POST' }));
  expect(response.status).toBe(200);
  return (await response.json()) as GuestBooking;
}

/** The half-hour keys a booking at `start` of `date` would claim on a bay. */
export function keysOf(bayId: string, startsAt: string, lengthMinutes: number): string[] {
  return claimedInstants(bayBooking, Date.parse(startsAt), lengthMinutes).map((instant) => slotKey(bayId, instant));
}

/** What the store holds for the keys: their values, in order (null for none). */
export const slotValues = (keys: readonly string[]) => withRedis((redis) => redis.mGet([...keys]));

/** The booking's record, which must exist. */
export async function stored(id: string): Promise<StoredBayBooking> {
  const record = await readBooking(id);
  expect(record).not.toBeNull();
  return record!;
}

/** Stripe's refunds of a payment intent, in cents. */
export async function refundsAt(payments: PaymentsHarness, paymentIntentId: string): Promise<number[]> {
  return (await payments.stripe.refunds.list({ payment_intent: paymentIntentId })).data.map((refund) => refund.amount).sort((a, b) => a - b);
}
