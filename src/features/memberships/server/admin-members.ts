/**
 * Members as the staff see them: every Stripe customer with subscriptions, read live from Stripe
 * across all result pages.
 */
import type { Member, MemberSubscription } from '../contract/admin-members';
import { getStripe, type Stripe } from '../../../shared/payments/stripe-client';
import { subscriptionPeriod } from './subscription-period';

/** Upper bound on objects read per list, far above the venue's size; protects the function's time. */
export const MAX_OBJECTS = 10_000;

export function toMemberSubscription(subscription: Stripe.Subscription): MemberSubscription {
  return {
    id: subscription.id,
    status: subscription.status,
    current_period_start: subscriptionPeriod(subscription, 'current_period_start'),
    current_period_end: subscriptionPeriod(subscription, 'current_period_end'),
    items: {
      data: subscription.items.data.map((item) => ({
        price: {
          id: item.price.id,
          nickname: item.price.nickname ?? null,
          unit_amount: item.price.unit_amount ?? null,
          recurring: item.price.recurring ? { interval: item.price.recurring.interval, interval_count: item.price.recurring.interval_count } : null,
        },
      })),
    },
  };
}

/** The id of the customer a Stripe object belongs to, whether expanded or not. */
export function customerIdOf(customer: string | { id: string }): string {
  return typeof customer === 'string' ? customer : customer.id;
}

/** Groups subscriptions (with expanded customers) into members, newest customer first. */
export function groupMembers(subscriptions: readonly Stripe.Subscription[]): Member[] {
  const members = new Map<string, Member>();
  for (const subscription of subscriptions) {
    const customer = subscription.customer;
    const id = customerIdOf(customer);
    let member = members.get(id);
    if (!member) {
      const full = typeof customer === 'object' && !('deleted' in customer && customer.deleted) ? (customer as Stripe.Customer) : null;
      member = { id, name: full?.name ?? null, email: full?.email ?? null, created: full?.created ?? subscription.created, subscriptions: [] };
      members.set(id, member);
    }
    member.subscriptions.push(toMemberSubscription(subscription));
  }
  return [...members.values()].sort((a, b) => b.created - a.created);
}

export async function listMembers(): Promise<Member[]> {
  const subscriptions = await getStripe()
    .subscriptions.list({ status: 'all', expand: ['data.customer'], limit: 100 })
    .autoPagingToArray({ limit: MAX_OBJECTS });
  return groupMembers(subscriptions);
}
