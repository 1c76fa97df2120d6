/**
 * The member session of the browser.
 * GET /api/member/session: who is signed in (from the signed cookie; whether the membership still
 * carries benefits is what availability and the hold check with Stripe), or null.
 * DELETE /api/member/session: signs out (clears the cookie); from the site itself only (403 otherwise).
 */
import * as z from 'zod/mini';
import type { OkAnswer } from '../../../shared/contract/common';
import { endpoint } from '../../../shared/contract/endpoint';

export const memberSessionAnswer = z.object({
  member: z.nullable(z.object({ email: z.string(), planSlug: z.string(), plan: z.string() })),
});
export type MemberSessionAnswer = z.infer<typeof memberSessionAnswer>;

export const currentMember = endpoint('GET', '/api/member/session').answers<MemberSessionAnswer>();
export const signOutMember = endpoint('DELETE', '/api/member/session').answers<OkAnswer>();
