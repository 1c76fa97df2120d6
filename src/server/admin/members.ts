/**
 * Members as the admin sees them (spec section 3): every Stripe customer with subscriptions, read
 * live from Stripe across all result pages, and the database statistics.
 */
import { listRegistrations } from '../league/registrations-store';
import { getStripe, type Stripe } from '../stripe-client';

export interface MemberSubscription {
  id: string;
  status: string;
  current_period_start: number | null;
  current_period_end: number | null;
  items: {
    data: {
      price: {
        id: string;
        nickname: string | null;
        unit_amount: number | null;
        recurring: { interval: string; interval_count: number } | null;
      };
    }[];
  };
}

export interface Member {
  id: string;
  name: string | null;
  email: string | null;
  created: number;
  subscriptions: MemberSubscription[];
}

/** Upper bound on objects read per list, far above the venue's size; protects the function's time. */
const MAX_OBJECTS = 10_000;

/** current_period_* live on the subscription in older API versions and on its items in newer ones. */
function period(subscription: Stripe.Subscription, field: 'current_period_start' | 'current_period_end'): number | null {
  // Older API versions put the field on the subscription object, which the SDK's current types omit.
  const own = (subscription as unknown as Record<string, unknown>)[field];
  if (typeof own === 'number') return own;
  const fromItems = subscription.items.data.map((item) => item[field]).filter((value): value is number => typeof value === 'number');
  if (fromItems.length === 0) return null;
  return field === 'current_period_start' ? Math.min(...fromItems) : Math.max(...fromItems);
}

export function toMemberSubscription(subscription: Stripe.Subscription): MemberSubscription {
  return {
    id: subscription.id,
    status: subscription.status,
    current_period_start: period(subscription, 'current_period_start'),
    current_period_end: period(subscription, 'current_period_end'),
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

/** Groups subscriptions (with expanded customers) into members, newest customer first. */
export function groupMembers(subscriptions: readonly Stripe.Subscription[]): Member[] {
  const members = new Map<string, Member>();
  for (const subscription of subscriptions) {
    const customer = subscription.customer;
    const id = typeof customer === 'string' ? customer : customer.id;
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

export async function allSubscriptions(): Promise<Stripe.Subscription[]> {
  return getStripe()
    .subscriptions.list({ status: 'all', expand: ['data.customer'], limit: 100 })
    .autoPagingToArray({ limit: MAX_OBJECTS });
}

export async function listMembers(): Promise<Member[]> {
  return groupMembers(await allSubscriptions());
}

export interface DatabaseStats {
  totalRegistrations: number;
  totalCustomers: number;
  activeSubscriptions: number;
  /** Completed league payments, in dollars. */
  totalRevenue: number;
  recentRegistrations: { teamName: string; player1: string; player2: string; teeTime: string; sessions: string[]; registeredAt: string }[];
  recentCustomers: { name: string | null; email: string | null; subscriptions: number; created: number }[];
}

export const RECENT_COUNT = 5;

export async function databaseStats(): Promise<DatabaseStats> {
  const stripe = getStripe();
  const [registrations, customers, subscriptions] = await Promise.all([
    listRegistrations(),
    stripe.customers.list({ limit: 100 }).autoPagingToArray({ limit: MAX_OBJECTS }),
    stripe.subscriptions.list({ status: 'all', limit: 100 }).autoPagingToArray({ limit: MAX_OBJECTS }),
  ]);
  const perCustomer = new Map<string, number>();
  for (const subscription of subscriptions) {
    const id = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
    perCustomer.set(id, (perCustomer.get(id) ?? 0) + 1);
  }
  const revenueCents = registrations
    .filter((registration) => registration.paymentStatus === 'completed')
    .reduce((sum, registration) => sum + (Number(registration.amount) || 0), 0);
  return {
    totalRegistrations: registrations.length,
    totalCustomers: customers.length,
    activeSubscriptions: subscriptions.filter((subscription) => subscription.status === 'active').length,
    totalRevenue: revenueCents / 100,
    recentRegistrations: registrations.slice(0, RECENT_COUNT).map(({ teamName, player1, player2, teeTime, sessions, registeredAt }) => ({
      teamName,
      player1,
      player2,
      teeTime,
      sessions,
      registeredAt,
    })),
    recentCustomers: [...customers]
      .sort((a, b) => b.created - a.created)
      .slice(0, RECENT_COUNT)
      .map((customer) => ({
        name: customer.name ?? null,
        email: customer.email ?? null,
        subscriptions: perCustomer.get(customer.id) ?? 0,
        created: customer.created,
      })),
  };
}
