/**
 * The one Stripe client of the functions: the `stripe` SDK with STRIPE_SECRET_KEY; STRIPE_API_BASE
 * (local runs and tests only, refused in production) points it at the local Stripe emulator.
 */
import Stripe from 'stripe';
import { readStripeSettings, type StripeSettings } from '../server/env';
import { CALL_TIMEOUT_MS } from '../server/run-budget';

import { PaymentsUnconfiguredError } from './payment-errors';

export { Stripe };
export { isMissingResource, isStripeError, PaymentsUnconfiguredError } from './payment-errors';

/** Milliseconds a Stripe call may take before the request fails with 502: as long as any outside call (a scheduled run passes less when its budget ends sooner). */
export const STRIPE_TIMEOUT_MS = CALL_TIMEOUT_MS;

let cached: { key: string; client: Stripe } | null = null;

export function stripeConfig(settings: StripeSettings): Stripe.StripeConfig {
  const config: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: STRIPE_TIMEOUT_MS, telemetry: false };
  const base = settings.apiBase;
  if (base) {
    const protocol = base.protocol === 'http:' ? 'http' : 'https';
    config.host = base.hostname;
    config.port = base.port || (protocol === 'http' ? 80 : 443);
    config.protocol = protocol;
  }
  return config;
}

/** The client for the current settings (rebuilt when the environment changes, e.g. between tests). */
export function getStripe(env: NodeJS.ProcessEnv = process.env): Stripe {
  let settings: StripeSettings | null;
  try {
    settings = readStripeSettings(env);
  } catch (error) {
    // STRIPE_API_BASE in production: refuse to talk to anything but Stripe.
    throw new PaymentsUnconfiguredError(error instanceof Error ? error.message : String(error));
  }
  if (!settings) throw new PaymentsUnconfiguredError();
  const key = `${settings.secretKey}\n${settings.apiBase?.href ?? ''}`;
  if (cached?.key !== key) cached = { key, client: new Stripe(settings.secretKey, stripeConfig(settings)) };
  return cached.client;
}
