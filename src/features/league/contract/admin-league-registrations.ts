/**
 * /api/admin/league-registrations: the staff list of league registrations, newest first, and
 * deleting one or all of them.
 */
import * as z from 'zod/mini';
import type { OkAnswer } from '../../../shared/contract/common';
import { endpoint } from '../../../shared/contract/endpoint';

export const player = z.object({ name: z.string(), email: z.string(), phone: z.string() });
export type Player = z.infer<typeof player>;

/** completed and pending as such; anything else reads as failed. */
export const paymentStatus = z.enum(['pending', 'completed', 'failed', 'expired']);
export type PaymentStatus = z.infer<typeof paymentStatus>;

/**
 * One registration: the fields the product lists for staff (player names, contacts as
 * 'email | phone', the session ids as a list, the amount in cents as text), derived from the stored
 * record, and beside them the record's own fields, which the staff pages read.
 */
export const adminRegistration = z.object({
  id: z.string(),
  teamName: z.string(),
  player1: z.string(),
  player2: z.string(),
  player1Contact: z.string(),
  player2Contact: z.string(),
  /** Tee-time id: 'monday-6pm'. */
  teeTime: z.string(),
  sessions: z.array(z.string()),
  amount: z.string(),
  paymentStatus,
  /** ISO timestamp. */
  registeredAt: z.string(),
  /** The league session this registration is for. */
  sessionId: z.string(),
  players: z.tuple([player, player]),
  amountCents: z.number(),
  /** The Stripe Checkout session that pays it (absent until Stripe answered). */
  checkoutSessionId: z.optional(z.string()),
});
export type AdminRegistration = z.infer<typeof adminRegistration>;

export const registrationsAnswer = z.array(adminRegistration);
export const deletedAllAnswer = z.object({ ok: z.literal(true), deleted: z.number() });

export const listRegistrations = endpoint('GET', '/api/admin/league-registrations').answers<z.infer<typeof registrationsAnswer>>();
export const deleteAllRegistrations = endpoint('DELETE', '/api/admin/league-registrations').answers<z.infer<typeof deletedAllAnswer>>();
/** 404 when no registration has that id. */
export const deleteRegistration = endpoint('DELETE', '/api/admin/league-registrations/:id').answers<OkAnswer>();
