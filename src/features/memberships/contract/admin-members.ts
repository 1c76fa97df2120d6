/**
 * GET /api/admin/members: every Stripe customer who has subscriptions, with them, newest customer
 * first. Times are Stripe's epoch seconds; amounts are cents.
 */
import * as z from 'zod/mini';
import { endpoint } from '../../../shared/contract/endpoint';

export const memberPrice = z.object({
  id: z.string(),
  nickname: z.nullable(z.string()),
  unit_amount: z.nullable(z.number()),
  recurring: z.nullable(z.object({ interval: z.string(), interval_count: z.number() })),
});

export const memberSubscription = z.object({
  id: z.string(),
  status: z.string(),
  current_period_start: z.nullable(z.number()),
  current_period_end: z.nullable(z.number()),
  items: z.object({ data: z.array(z.object({ price: memberPrice })) }),
});
export type MemberSubscription = z.infer<typeof memberSubscription>;

export const member = z.object({
  /** The Stripe customer id. */
  id: z.string(),
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  created: z.number(),
  subscriptions: z.array(memberSubscription),
});
export type Member = z.infer<typeof member>;

export const membersAnswer = z.array(member);

export const listMembers = endpoint('GET', '/api/admin/members').answers<Member[]>();
