/**
 * A membership's first payment, the one its Checkout took: counted once per Checkout session as
 * membership revenue on the day it was recorded, with an audit entry saying so (the rebuild reads it),
 * and the webhook event marked done, in one script. Renewals are Stripe's billing, not counted here.
 */
import type { CheckoutSession, Settlement, SettleStep } from '../../../shared/payments/registry';
import { defineScript } from '../../../shared/server/script';
import { withStore } from '../../../shared/server/store';
import { revenueField } from '../../reports/rules/tally';
import { reportDay, reportDayAt } from '../../reports/server/tally-step';
import { AUDIT_KEY, AUDIT_LENGTH, FIRST_PAYMENT_TYPE, PAID_SESSIONS_KEY } from './audit-trail';
import { MEMBERSHIP_CHECKOUT_KIND } from './checkout-kind';


const firstPaymentScript = defineScript({
  name: 'membership first payment',
  keys: ['paid', 'audit', 'done?'],
  args: { session: 'string', entry: 'string', auditLength: 'number', revenueField: 'string', amount: 'number', doneTtl: 'number' },
  steps: { day: reportDay },
  lua: `
local counted = 0
if redis.call('HSETNX', paid, session, '1') == 1 then
  redis.call('LPUSH', audit, entry)
  redis.call('LTRIM', audit, 0, auditLength - 1)
  tallyField(day, revenueField, amount)
  counted = 1
end
if done then redis.call('SET', done, 'done', 'EX', doneTtl) end
return counted`,
});

export type MembershipSessionField = 'id' | 'mode' | 'status' | 'payment_status' | 'amount_total' | 'customer';

const UNCHANGED: Settlement = { changed: 0, queued: [], markedDone: false };

/** Settles a membership's Checkout: its paid first period counted once (one round trip). */
export async function settleMembershipCheckout(session: Pick<CheckoutSession, MembershipSessionField>, step: SettleStep): Promise<Settlement> {
  if (session.mode !== 'subscription' || session.status !== 'complete' || session.payment_status !== 'paid') return UNCHANGED;
  const amount = session.amount_total ?? 0;
  const at = new Date(step.now);
  const entry = JSON.stringify({
    type: FIRST_PAYMENT_TYPE,
    session: session.id,
    customer: typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null),
    amountCents: amount,
    at: at.toISOString(),
  });
  const counted = await withStore((store) =>
    firstPaymentScript.run(store, {
      keys: { paid: PAID_SESSIONS_KEY, audit: AUDIT_KEY, done: step.done?.key ?? null },
      args: { session: session.id, entry, auditLength: AUDIT_LENGTH, revenueField: revenueField(MEMBERSHIP_CHECKOUT_KIND), amount, doneTtl: step.done?.ttlSeconds ?? 0 },
      steps: { day: reportDayAt(step.now) },
    }),
  );
  return { changed: Number(counted), queued: [], markedDone: step.done !== null };
}
