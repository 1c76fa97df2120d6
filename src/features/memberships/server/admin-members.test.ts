import { describe, expect, it } from 'vitest';
import type { Stripe } from '../../../shared/payments/stripe-client';
import { groupMembers } from './admin-members';

function subscription(id: string, customer: unknown, created: number, extra: Record<string, unknown> = {}): Stripe.Subscription {
  return {
    id,
    object: 'subscription',
    customer,
    created,
    status: 'active',
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          current_period_start: 100,
          current_period_end: 200,
          price: { id: 'price_1', nickname: 'Bogey 12', unit_amount: 12900, recurring: { interval: 'month', interval_count: 12 } },
        },
      ],
    },
    ...extra,
  } as unknown as Stripe.Subscription;
}

describe('groupMembers', () => {
  it('groups subscriptions per customer in the admin member shape', () => {
    const ann = { id: 'cus_a', object: 'customer', name: 'Ann', email: 'ann@example.com', created: 50 };
    const members = groupMembers([
      subscription('sub_1', ann, 60),
      subscription('sub_2', ann, 70, { status: 'canceled', current_period_start: 1, current_period_end: 2 }),
      subscription('sub_3', 'cus_b', 80),
    ]);
    expect(members.map((member) => member.id)).toEqual(['cus_b', 'cus_a']);
    const annMember = members[1]!;
    expect(annMember).toMatchObject({ name: 'Ann', email: 'ann@example.com', created: 50 });
    expect(annMember.subscriptions).toEqual([
      {
        id: 'sub_1',
        status: 'active',
        current_period_start: 100,
        current_period_end: 200,
        items: { data: [{ price: { id: 'price_1', nickname: 'Bogey 12', unit_amount: 12900, recurring: { interval: 'month', interval_count: 12 } } }] },
      },
      expect.objectContaining({ id: 'sub_2', status: 'canceled', current_period_start: 1, current_period_end: 2 }),
    ]);
  });
});
