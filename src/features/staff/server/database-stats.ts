/**
 * The staff's database statistics: registrations, league revenue and new event requests from the
 * store, customers and subscriptions live from Stripe, and the latest of each.
 */
import type { DatabaseStats } from '../contract/admin-database-stats';
import { statusCounts } from '../../event-requests/admin/event-requests';
import { systemInfo } from '../rules/system';
import { centsToDollars } from '../../../domain/money';
import { readSystemSettings } from '../../../shared/server/env';
import type { AdminRegistration } from '../../league/contract/admin-league-registrations';
import type { EventRequest } from '../../event-requests/record';
import { eventRequestsRead, REQS_KEY } from '../../event-requests/server/requests';
import { toAdminRegistrations } from '../../league/server/admin-view';
import { registrationsRead, REGS_KEY } from '../../league/server/registrations-store';
import { newestIdsRead } from '../../../shared/server/sorted-index';
import { withStore } from '../../../shared/server/store';
import { runReads } from '../../../shared/server/store-read';
import { getStripe } from '../../../shared/payments/stripe-client';
import { customerIdOf, MAX_OBJECTS } from '../../memberships/server/admin-members';

/** How many registrations and customers the "recent" lists show. */
export const RECENT_COUNT = 5;

/** Registrations and event requests, newest first, in two round trips together: the ids, then the records. */
async function storeFigures(): Promise<{ registrations: AdminRegistration[]; eventRequests: EventRequest[] }> {
  return withStore(async (store) => {
    const [registrationIds, requestIds] = await runReads(store, [newestIdsRead(REGS_KEY), newestIdsRead(REQS_KEY)]);
    const [listed, eventRequests] = await runReads(store, [registrationsRead(registrationIds), eventRequestsRead(requestIds)]);
    return { registrations: toAdminRegistrations(listed), eventRequests };
  });
}

export async function databaseStats(): Promise<DatabaseStats> {
  const stripe = getStripe();
  const [{ registrations, eventRequests }, customers, subscriptions] = await Promise.all([
    storeFigures(),
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
