/**
 * GET /api/admin/database-stats: the figures of /admin/database and the dashboard's quick stats,
 * the latest registrations and customers, and what this deployment runs on.
 */
import * as z from 'zod/mini';
import { adminRegistration } from '../../league/contract/admin-league-registrations';
import { endpoint } from '../../../shared/contract/endpoint';
import { paymentMode } from '../../../shared/contract/health';

/** A recent registration: the product's fields, and its session id for the staff page. */
export const recentRegistration = z.pick(adminRegistration, { teamName: true, player1: true, player2: true, teeTime: true, sessions: true, registeredAt: true, sessionId: true });

export const recentCustomer = z.object({
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  /** How many subscriptions the customer has. */
  subscriptions: z.number(),
  /** Epoch seconds. */
  created: z.number(),
});


/** The kind of store and payment mode the deployment runs on, told from its settings without revealing them. */
export const systemInfo = z.object({
  /** "Upstash Redis" or "Local Redis (Upstash REST bridge)"; "Not configured" without settings. */
  store: z.string(),
  payments: paymentMode,
});
export type SystemInfo = z.infer<typeof systemInfo>;

/**
 * The figures: registrations, customers and active subscriptions counted, completed league payments
 * in dollars (totalRevenue), and the event requests nobody has handled yet (status new).
 */
const figures = { totalRegistrations: z.number(), totalCustomers: z.number(), activeSubscriptions: z.number(), totalRevenue: z.number(), newEventRequests: z.number() };

export const databaseStatsAnswer = z.object({
  ...figures,
  recentRegistrations: z.array(recentRegistration),
  recentCustomers: z.array(recentCustomer),
  system: systemInfo,
});
export type DatabaseStats = z.infer<typeof databaseStatsAnswer>;

export const databaseStats = endpoint('GET', '/api/admin/database-stats').answers<DatabaseStats>();
