/**
 * A function loads the Stripe SDK (about 250 KB of its bundle, and its cold start) only when it talks
 * to Stripe: every function is walked through its static imports, and the ones reaching the SDK must be
 * exactly those that call Stripe. A new function is put on one side or the other here.
 */
import { readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packagesReached } from '../tests/support/static-imports';

const functions = resolve(dirname(fileURLToPath(import.meta.url)), '../netlify/functions');

/** The functions that call Stripe, and what for. */
const TALKS_TO_STRIPE: Readonly<Record<string, string>> = {
  'admin-bay-bookings': 'refunds a cancelled booking',
  'admin-database-stats': 'counts customers and subscriptions',
  'admin-event-quotes': 'refunds and expires deposit sessions',
  'admin-gift-cards': 'refunds a voided card',
  'admin-members': 'lists the subscriptions',
  'bay-availability': "reads a signed-in member's subscription",
  'bay-booking': 'refunds, and opens Checkout for a dearer move',
  'bay-hold': 'opens Checkout',
  'checkout-session': 'reads a Checkout session',
  'create-portal-session': 'opens the customer portal',
  'event-quote': "opens the deposit's Checkout",
  'gift-card-checkout': 'opens Checkout',
  health: "checks Stripe's settings",
  'league-registration-multi': 'opens Checkout',
  'member-sign-in': 'looks the member up',
  'membership-checkout': 'opens Checkout',
  'portal-login-link': 'opens the customer portal',
  'reconcile-payments': 'reads sessions the webhook missed',
  'stripe-webhook': 'settles payments',
};

describe('the Stripe SDK in function bundles', () => {
  const names = readdirSync(functions)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => name.slice(0, -3))
    .sort();
  it('every function the list names exists', () => expect(names).toEqual(expect.arrayContaining(Object.keys(TALKS_TO_STRIPE))));
  it.each(names)('%s loads it only if it talks to Stripe', (name) => {
    const chain = packagesReached(resolve(functions, `${name}.ts`)).get('stripe') ?? null;
    // On failure: the chain of modules that brings the SDK into a function that never calls Stripe.
    if (name in TALKS_TO_STRIPE) expect(chain).not.toBeNull();
    else expect(chain).toBeNull();
  });
});
