/**
 * The full sessions and tee times the wizard greys out, as an event of wizard-state.ts. `fetcher`
 * stands in for the browser's fetch in tests.
 */
import { leagueAvailability } from '../contract/league-availability';
import { callApi, type FetchLike } from '../../../lib/api-client';
import type { WizardEvent } from './wizard-state';

/** Full sessions and tee times; null when the server does not answer (the registration still enforces them). */
export async function loadAvailability(fetcher?: FetchLike): Promise<WizardEvent | null> {
  return callApi(leagueAvailability, { fetcher }).then(
    (availability) => ({ type: 'availability', availability }),
    () => null,
  );
}
