import { systemInfo } from '../rules/system';
import type { HealthReport, StaffHealth } from '../../../shared/contract/health';
import { readMailSettingsPresence, readStripeWebhookSecret, readSystemSettings } from '../../../shared/server/env';
import { pingStore, StoreUnavailableError, StoreUnconfiguredError } from '../../../shared/server/store';
import { getStripe } from '../../../shared/payments/stripe-client';

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

/** Milliseconds the Stripe check may take: the health answer must stay quick when Stripe is not. */
export const STRIPE_CHECK_TIMEOUT_MS = 3_000;

/** Whether Stripe answers one cheap authenticated call (the first price) with the configured key. */
async function stripeAnswers(): Promise<boolean> {
  try {
    await getStripe().prices.list({ limit: 1 }, { timeout: STRIPE_CHECK_TIMEOUT_MS, maxNetworkRetries: 0 });
    return true;
  } catch (error) {
    // Only the kind of failure is logged: Stripe's own text may name the key.
    console.warn('[health] Stripe did not answer:', error instanceof Error ? ((error as { type?: unknown }).type ?? error.name) : typeof error);
    return false;
  }
}

/** What staff need to see a misconfigured deploy: Stripe reachable with its key, the webhook secret and mail settings present. */
export async function checkStaffHealth(env: NodeJS.ProcessEnv = process.env): Promise<StaffHealth> {
  const settings = readSystemSettings(env);
  const keyConfigured = settings.stripeSecretKey !== null;
  const smtp = readMailSettingsPresence(env);
  return {
    stripe: { keyConfigured, answers: keyConfigured && (await stripeAnswers()), mode: systemInfo(settings).payments },
    webhookSecretConfigured: readStripeWebhookSecret(env) !== null,
    smtpConfigured: smtp.server && smtp.sender && smtp.staffRecipient,
    smtp,
  };
}
