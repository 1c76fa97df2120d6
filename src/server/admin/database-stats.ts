/**
 * The staff's database statistics: registrations, league revenue and new event requests from the
 * store, customers and subscriptions live from Stripe, and the latest of each.
 */
import type { DatabaseStats } from '../../domain/api/admin-database-stats';
import { statusCounts } from '../../domain/admin/event-requests';
import { systemInfo } from '../../domain/admin/system';
import { centsToDollars } from '../../domain/money';
import { readSystemSettings } from '../env';
import { listEventBookings } from '../events/bookings';
import { adminRegistrations } from '../league/admin-view';
import { getStripe } from '../stripe-client';
import { customerIdOf, MAX_OBJECTS } from './members';

/** How many registrations and customers the "recent" lists show. */
export const RECENT_COUNT = 5;

export async function databaseStats(): Promise<DatabaseStats> {
  const stripe = getStripe();
  const [registrations, eventRequests, customers, subscriptions] = await Promise.all([
    adminRegistrations(),
    listEventBookings(),
    stripe.customers.list({ limit: 100 }).autoPagingToArray({ limit: MAX_OBJECTS }),
    stripe.subscriptions.list({ status: 'all', limit: 100 }).autoPagingToArray({ limit: MAX_OBJECTS }),
  ]);
  const perCustomer = new Map<string, number>();
  for (const subscription of subscriptions) {
    const id = customerIdOf(subscription.customer);
    perCustomer.set(id, (perCustomer.get(id) ?? 0) + 1);
  }
  const revenueCents = registrations.filter((registration) => registration.paymentStatus === 'completed').reduce((sum, registration) => sum + registration.amountCents, 0);
  return {
    totalRegistrations: registrations.length,
    totalCustomers: customers.length,
    activeSubscriptions: subscriptions.filter((subscription) => subscription.status === 'active').length,
    totalRevenue: centsToDollars(revenueCents),
    newEventRequests: statusCounts(eventRequests).new,
    recentRegistrations: registrations
      .slice(0, RECENT_COUNT)
      .map(({ teamName, player1, player2, teeTime, sessions, registeredAt, sessionId }) => ({ teamName, player1, player2, teeTime, sessions, registeredAt, sessionId })),
    recentCustomers: [...customers]
      .sort((a, b) => b.created - a.created)
      .slice(0, RECENT_COUNT)
      .map((customer) => ({ name: customer.name ?? null, email: customer.email ?? null, subscriptions: perCustomer.get(customer.id) ?? 0, created: customer.created })),
    system: systemInfo(readSystemSettings()),
  };
}
