/**
 * What Next checks and the last step sends, each outcome an event of wizard-state.ts. Loaded on the
 * first Next together with the shared schema (and zod), keeping them out of the page's first load.
 * `fetcher` stands in for the browser's fetch in tests.
 */
import { leagueSessionEntrySchema } from '../contract/registration-form';
import { registerTeam } from '../contract/league-registration-multi';
import { callApi, type FetchLike } from '../../../lib/api-client';
import { fieldErrors, type FieldErrors } from '../../../shared/contract/field-errors';
import { teeTimeId } from '../rules/league-rules';
import { emptyEntry, type LeagueEntryValues } from './draft';
import { orderedSelection, sessionAvailability, type WizardEvent, type WizardState } from './wizard-state';

/** What the checks and the registration say (the wizard's other texts are in wizard-state.ts). */
export const SUBMIT_TEXT = {
  teeTimeFull: 'This tee time is full. Please choose another.',
  failed: 'Unable to process registration. Please try again.',
} as const;

/** The first field with an error, in the form's order (it takes the focus). */
export const firstErrorField = (errors: FieldErrors) => (Object.keys(emptyEntry()) as Array<keyof LeagueEntryValues>).find((name) => errors[name]);

/** One session's entry by the shared schema, plus a tee time the server says is full. */
export function validateEntry(state: WizardState, sessionId: string, entry: LeagueEntryValues): FieldErrors {
  const result = leagueSessionEntrySchema(state.league).safeParse({ sessionId, ...entry });
  const found = result.success ? {} : fieldErrors(result.error);
  const teeTime = teeTimeId(entry.teeTimeDay, entry.teeTimeSlot);
  if (!found['teeTimeSlot'] && sessionAvailability(state, sessionId)?.fullTeeTimes.includes(teeTime)) found['teeTimeSlot'] = SUBMIT_TEXT.teeTimeFull;
  return found;
}

export type RegisterOutcome = { type: 'checkout'; url: string } | Extract<WizardEvent, { type: 'sessionInvalid' | 'failed' }>;

/**
 * Registers the team for every chosen session: the first session with an error is shown instead;
 * else the server's Checkout page, or why it refused.
 */
export async function register(state: WizardState, fetcher?: FetchLike): Promise<RegisterOutcome> {
  const sessions = orderedSelection(state);
  try {
    for (const [index, id] of sessions.entries()) {
      const errors = validateEntry(state, id, state.entries[id] ?? emptyEntry());
      if (Object.keys(errors).length > 0) return { type: 'sessionInvalid', step: index + 1, errors };
    }
    const sessionRegistrations = sessions.map((sessionId) => ({ sessionId, ...(state.entries[sessionId] ?? emptyEntry()) }));
    const { checkoutUrl } = await callApi(registerTeam, { body: { sessionRegistrations }, fetcher });
    return { type: 'checkout', url: checkoutUrl };
  } catch (error) {
    return { type: 'failed', message: (error instanceof Error && error.message) || SUBMIT_TEXT.failed };
  }
}
