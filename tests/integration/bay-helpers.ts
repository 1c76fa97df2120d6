// Shared by the bay payment and member tests: a Stripe emulator wired to the handlers for the describe
// block (its env in force, the store cleared, and whatever `reset` clears too, before each test; the
// store's env restored after), and a guest's cancel as its request makes it.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { clearStore, restoreStoreEnv } from './api-helpers';
import { startPaymentsHarness, type PaymentsHarness } from './payments-harness';
import { cancelByGuest } from '../../src/features/bay-booking/server/manage';
import type { StoredBayBooking } from '../../src/features/bay-booking/server/record';
import { payOwedRefundNow } from '../../src/features/bay-booking/server/refunds';
import { sealRevision } from '../../src/features/bay-booking/server/revision';

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

/**
 * A guest's cancel as the manage page's request makes it: from the page's reading of the booking (its
 * sealed revision, `record` as read), then the refund owed paid, as the function does after its answer.
 */
export async function cancelAsGuest(record: StoredBayBooking, now: number = Date.now()): Promise<StoredBayBooking> {
  return payOwedRefundNow(await cancelByGuest(record.id, sealRevision(record), now), now);
}
