/**
 * Membership events from Stripe (subscription started, changed, cancelled; a renewal payment
 * failed). Members are read live from Stripe, so nothing is settled: each event adds an entry to
 * the short audit trail and, for a start, a failed payment or a cancellation, queues the staff's
 * notice, both with the webhook's done-marker in one transaction.
 */
import { membershipMessage, type MembershipNotice } from '../mail/emails';
import { queueInTransaction } from '../../../shared/mail/outbox';
import type { Settlement, SettleStep } from '../../../shared/payments/registry';
import { withStore } from '../../../shared/server/store';
import { getStripe, type Stripe } from '../../../shared/payments/stripe-client';
import { AUDIT_KEY, AUDIT_LENGTH } from './audit-trail';
import { membershipTally } from '../../reports/rules/tally';
import { memberChange } from '../rules/member-change';
import { MEMBERS_ACTIVE_KEY, reportDayKey } from '../../reports/server/report-keys';

/** A renewal (or first) invoice of a subscription could not be paid. */
const INVOICE_PAYMENT_FAILED = 'invoice.payment_failed';
export const MEMBERSHIP_EVENTS = ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted', INVOICE_PAYMENT_FAILED] as const;

/** "Jamie Rivera <jamie@example.com>" as Stripe knows the customer, else the customer id (Stripe unreachable: still noticed). */
async function memberName(customer: string | { id: string } | null | undefined): Promise<string> {
  const id = typeof customer === 'string' ? customer : (customer?.id ?? 'unknown customer');
  try {
    const found = await getStripe().customers.retrieve(id);
    if ('deleted' in found && found.deleted) return id;
    const { name, email } = found as Stripe.Customer;
    return [name, email ? `<${email}>` : ''].filter(Boolean).join(' ') || id;
  } catch {
    return id;
  }
}

/** What the staff hear of a membership event: started, a renewal payment failed, cancelled; null for other changes. */
async function membershipNotice(event: Stripe.Event): Promise<MembershipNotice | null> {
  if (event.type === INVOICE_PAYMENT_FAILED) {
    const invoice = event.data.object as Stripe.Invoice;
    const member = [invoice.customer_name, invoice.customer_email ? `<${invoice.customer_email}>` : ''].filter(Boolean).join(' ');
    return {
      change: 'payment-failed',
      objectId: String(invoice.id ?? event.id),
      member: member || (await memberName(invoice.customer as string | null)),
      amountDueCents: invoice.amount_due,
      attempt: invoice.attempt_count,
    };
  }
  const change = memberChange(event.type);
  if (!change) return null;
  const subscription = event.data.object as Stripe.Subscription;
  const tier = subscription.metadata?.['membershipTier'];
  const term = subscription.metadata?.['billingTerm'];
  return {
    change,
    objectId: subscription.id,
    member: await memberName(subscription.customer),
    ...(tier ? { plan: [tier, term].filter(Boolean).join(', ') } : {}),
    status: subscription.status,
  };
}

/** Records the event in the audit trail and queues the staff's notice, marking the event done in the same transaction. */
export async function applyMembershipEvent(event: Stripe.Event, step: SettleStep): Promise<Settlement> {
  const notice = await membershipNotice(event);
  const messages = notice ? [membershipMessage(notice)] : [];
  const subscription = event.data.object as Stripe.Subscription;
  const entry = JSON.stringify({
    event: event.id,
    type: event.type,
    subscription: subscription.id,
    customer: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer?.id,
    status: subscription.status,
    at: new Date(event.created * 1000).toISOString(),
  });
  const counted = memberChange(event.type);
  await withStore((store) => {
    const transaction = queueInTransaction(store.multi(), messages, new Date(step.now)).lpush(AUDIT_KEY, entry).ltrim(AUDIT_KEY, 0, AUDIT_LENGTH - 1);
    // The reports' member counts move in the same transaction as the audit entry.
    if (counted) {
      for (const tally of membershipTally(counted, new Date(event.created * 1000))) transaction.hincrby(reportDayKey(tally.date), tally.field, tally.delta);
      transaction.incrby(MEMBERS_ACTIVE_KEY, counted === 'started' ? 1 : -1);
    }
    if (step.done) transaction.set(step.done.key, 'done', { ex: step.done.ttlSeconds });
    return transaction.exec();
  });
  return { changed: 1, queued: messages.map((message) => message.key), markedDone: step.done !== null };
}
