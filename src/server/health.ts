import type { HealthReport } from '../domain/api/health';
import { pingStore, StoreUnavailableError, StoreUnconfiguredError } from './store';

/** Checks the store with one round trip and reports what a monitor or a deploying developer needs. */
export async function checkHealth(): Promise<HealthReport> {
  try {
    await pingStore();
    return { ok: true, store: 'ok' };
  } catch (error) {
    if (error instanceof StoreUnconfiguredError) {
      console.error('[store]', error.message);
      return { ok: false, store: 'unconfigured', error: 'The data store is not configured.' };
    }
    if (error instanceof StoreUnavailableError) {
      return { ok: false, store: 'unreachable', error: 'The data store is unreachable.' };
    }
    return { ok: false, store: 'unreachable', error: 'The data store did not answer as expected.' };
  }
}
