/** Whether a Stripe subscription event starts or ends a membership (staff notices and the reports' member counts). */
export function memberChange(type: string): 'started' | 'cancelled' | null {
  return type === 'customer.subscription.created' ? 'started' : type === 'customer.subscription.deleted' ? 'cancelled' : null;
}
