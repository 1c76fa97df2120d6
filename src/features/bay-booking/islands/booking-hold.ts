/**
 * What /book does on submit, each outcome an event of booking-state.ts: checks the contact by the
 * shared schema, then asks the server to hold the bay (it decides the price and whether the time is
 * still free). Loaded on the first submit together with the schema (and zod), keeping them out of
 * the page's first load. `fetcher` stands in for the browser's fetch in tests.
 */
import { bayHoldSchema, guestContactShape } from '../contract/booking-form';
import { holdBay } from '../contract/bay-hold';
import { ApiError, callApi, type FetchLike } from '../../../lib/api-client';
import type { BookingErrors, BookingEvent, ContactField, HoldBody } from './booking-state';
import { CONNECTION_ERROR, LOAD_ERROR } from './texts';

export const TAKEN_MESSAGE = 'That time was just taken. Please choose another.';

/** The contact fields in the form's order, the gift card code last. */
const CONTACT_FIELDS = [...Object.keys(guestContactShape), 'giftCardCode'] as ContactField[];

/** The first contact field with an error, in the form's order (it takes the focus). */
export const firstContactError = (errors: BookingErrors) => CONTACT_FIELDS.find((field) => errors[field]);

/** Only the contact fields' errors: the rest of the hold is the island's choice, not the visitor's typing. */
function contactErrorsOf(fields: Record<string, string | undefined>): BookingErrors {
  const found: BookingErrors = {};
  for (const field of CONTACT_FIELDS) if (fields[field]) found[field] = fields[field];
  return found;
}

/** The contact's problems by the shared schema (first message per field), or null when it is fine. */
export function contactProblems(body: HoldBody): BookingErrors | null {
  const checked = bayHoldSchema.safeParse(body);
  if (checked.success) return null;
  const fields: Record<string, string> = {};
  for (const issue of checked.error.issues) fields[String(issue.path[0])] ??= issue.message;
  return contactErrorsOf(fields);
}

/** Holds the bay: where to go next (Checkout or the booking), or the event that says why not. */
export async function placeHold(body: HoldBody, fetcher?: FetchLike): Promise<{ type: 'held'; url: string } | BookingEvent> {
  try {
    const { url } = await callApi(holdBay, { body, fetcher });
    return { type: 'held', url };
  } catch (caught) {
    if (!(caught instanceof ApiError)) return { type: 'refused', errors: { form: CONNECTION_ERROR } };
    if (caught.status === 409) return { type: 'taken', message: caught.serverMessage ?? TAKEN_MESSAGE };
    return { type: 'refused', errors: { ...contactErrorsOf(caught.json()?.fields ?? {}), form: caught.serverMessage ?? LOAD_ERROR } };
  }
}
