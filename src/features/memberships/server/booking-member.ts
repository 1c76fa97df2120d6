/**
 * The member a booking request is for, confirmed with Stripe at the moment of use. Apart from the
 * session cookie (member-session.ts), so that what only reads or sets the cookie ships no Stripe client.
 */
import { activeMembershipOfCustomer, type BookingMember } from './active-member';
import { signedInMember } from './member-session';

/**
 * The member whose benefits apply to this request: a valid session cookie AND, asked of Stripe now,
 * a subscription that carries benefits (active or trialing; past due or cancelled → null). The plan is
 * the subscription's current one, so a change of plan applies at once; `benefits` is its current paid
 * period cut at any scheduled cancellation (included time applies to bookings starting within it). Stripe errors propagate (a
 * booking must not silently lose or gain benefits).
 */
export async function bookingMemberFromRequest(request: Request, env: NodeJS.ProcessEnv = process.env): Promise<BookingMember | null> {
  let member: BookingMember | null;
  try {
    member = await signedInMember(request, env);
  } catch {
    // Member sign-in not configured: nobody is signed in.
    return null;
  }
  if (!member) return null;
  const membership = await activeMembershipOfCustomer(member.customerId);
  if (!membership) return null;
  return { ...member, planSlug: membership.plan.slug, ...(membership.benefits ? { benefits: membership.benefits } : {}) };
}
