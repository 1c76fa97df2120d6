// Shared by the bay payment and member tests: a Stripe emulator wired to the handlers for the describe
// block (its env in force, the store cleared, and whatever `reset` clears too, before each test; the
// store's env restored after).
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { clearStore, restoreStoreEnv } from './api-helpers';
import { startPaymentsHarness, type PaymentsHarness } from './payments-harness';

export function useBayPayments(reset: () => Promise<unknown> = async () => undefined): { readonly payments: PaymentsHarness } {
  const holder: { payments?: PaymentsHarness } = {};
  beforeAll(async () => {
    holder.payments = await startPaymentsHarness();
  });
  afterAll(async () => holder.payments?.close());
  beforeEach(async () => {
    holder.payments?.useEnv();
    await clearStore();
    await reset();
  });
  afterEach(() => restoreStoreEnv());
  return {
    get payments() {
      if (!holder.payments) throw new Error('the payments harness is not started');
      return holder.payments;
    },
  };
}
