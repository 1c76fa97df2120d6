import { describe, expect, it } from 'vitest';
import {
  daysRemaining,
  expiryLabel,
  isExpiringSoon,
  memberExpiration,
  memberSummary,
  planDisplayName,
  priceAmountLabel,
  renewalLabel,
  selectMembers,
  sortMembers,
  statusLabel,
  subscriptionStatusTone,
  type AdminMember,
  type AdminSubscription,
} from './members';

const NOW = new Date('2025-10-01T12:00:00Z');
const nowSeconds = NOW.getTime() / 1000;
const inDays = (days: number) => nowSeconds + days * 86_400;

function subscription(status: string, endInDays: number | null, price: Partial<AdminSubscription['items']['data'][number]['price']> = {}): AdminSubscription {
  return {
    id: `sub_${status}_${endInDays}`,
    status,
    current_period_start: inDays(-10),
    current_period_end: endInDays === null ? null : inDays(endInDays),
    items: { data: [{ price: { id: 'price_x', nickname: null, unit_amount: 19900, recurring: { interval: 'month', interval_count: 1 }, ...price } }] },
  };
}

function member(id: string, name: string | null, email: string | null, createdDaysAgo: number, subscriptions: AdminSubscription[]): AdminMember {
  return { id, name, email, created: inDays(-createdDaysAgo), subscriptions };
}

describe('subscription status and expiry labels', () => {
  it('colours active green, past_due yellow, canceled red and anything else grey', () => {
    expect(['active', 'past_due', 'canceled', 'incomplete', 'trialing'].map(subscriptionStatusTone)).toEqual(['green', 'yellow', 'red', 'grey', 'grey']);
    expect(statusLabel('past_due')).toBe('Past Due');
  });

  it('counts days up while ahead and down once passed', () => {
    expect(daysRemaining(inDays(3), NOW)).toBe(3);
    expect(daysRemaining(inDays(3) + 3600, NOW)).toBe(4);
    expect(daysRemaining(nowSeconds, NOW)).toBe(0);
    expect(daysRemaining(nowSeconds - 3600, NOW)).toBe(-1);
  });

  it("reads 'Inactive' for any subscription that is not active, whatever its end", () => {
    expect(expiryLabel(subscription('canceled', 100), NOW)).toEqual({ text: 'Inactive', tone: 'grey' });
    expect(expiryLabel(subscription('past_due', 3), NOW)).toEqual({ text: 'Inactive', tone: 'grey' });
  });

  it("reads 'Expired' below 0 days, then yellow up to 7 days, orange up to 30, green beyond", () => {
    expect(expiryLabel(subscription('active', -1), NOW)).toEqual({ text: 'Expired', tone: 'red' });
    expect(expiryLabel(subscription('active', 0), NOW)).toEqual({ text: 'Expires in 0 days', tone: 'yellow' });
    expect(expiryLabel(subscription('active', 1), NOW)).toEqual({ text: 'Expires in 1 day', tone: 'yellow' });
    expect(expiryLabel(subscription('active', 7), NOW)).toEqual({ text: 'Expires in 7 days', tone: 'yellow' });
    expect(expiryLabel(subscription('active', 8), NOW)).toEqual({ text: 'Expires in 8 days', tone: 'orange' });
    expect(expiryLabel(subscription('active', 30), NOW)).toEqual({ text: 'Expires in 30 days', tone: 'orange' });
    expect(expiryLabel(subscription('active', 31), NOW)).toEqual({ text: 'Expires in 31 days', tone: 'green' });
    expect(expiryLabel(subscription('active', 365), NOW)).toEqual({ text: 'Expires in 365 days', tone: 'green' });
  });

  it("shows 'Active (will renew)' only for active subscriptions", () => {
    expect(renewalLabel({ status: 'active' })).toBe('Active (will renew)');
    expect(renewalLabel({ status: 'past_due' })).toBeNull();
    expect(renewalLabel({ status: 'canceled' })).toBeNull();
  });
});

describe('plan names and amounts', () => {
  it('uses a known price id first, then the nickname, then Membership Plan', () => {
    const known = { price_known: 'Bogey+ · 12 Months' };
    expect(planDisplayName({ id: 'price_known', nickname: 'Something else' }, known)).toBe('Bogey+ · 12 Months');
    expect(planDisplayName({ id: 'price_other', nickname: 'Bogey 3 Months' }, known)).toBe('Bogey 3 Months');
    expect(planDisplayName({ id: 'price_other', nickname: '  ' }, known)).toBe('Membership Plan');
    expect(planDisplayName({ id: 'price_other', nickname: null })).toBe('Membership Plan');
    expect(planDisplayName(undefined)).toBe('Membership Plan');
  });

  it('shows cents as dollars with the billing interval', () => {
    expect(priceAmountLabel({ unit_amount: 19900, recurring: { interval: 'month', interval_count: 1 } })).toBe('$199.00 / month');
    expect(priceAmountLabel({ unit_amount: 101700, recurring: { interval: 'month', interval_count: 3 } })).toBe('$1,017.00 / 3 months');
    expect(priceAmountLabel({ unit_amount: 5000, recurring: null })).toBe('$50.00');
    expect(priceAmountLabel({ unit_amount: null, recurring: null })).toBe('—');
  });
});

describe('searching, filtering, sorting and counting members', () => {
  const ann = member('cus_a', 'Ann Zimmer', 'ann@example.com', 30, [subscription('active', 200)]);
  const bob = member('cus_b', 'Bob Young', 'bob@example.com', 10, [subscription('past_due', 20)]);
  const cat = member('cus_c', 'Cat Xu', 'cat@example.com', 50, [subscription('canceled', -40)]);
  const dan = member('cus_d', 'dan Walker', 'dan@example.com', 5, [subscription('active', 6)]);
  const eve = member('cus_e', null, 'eve@example.com', 1, [subscription('active', 25), subscription('canceled', -5)]);
  const all = [ann, bob, cat, dan, eve];
  const ids = (list: AdminMember[]) => list.map((item) => item.id);

  it('sorts by name A→Z case-insensitively with missing names last', () => {
    expect(ids(sortMembers(all, 'name'))).toEqual(['cus_a', 'cus_b', 'cus_c', 'cus_d', 'cus_e']);
  });

  it('sorts by e-mail, by join date newest first and by expiration soonest first', () => {
    expect(ids(sortMembers([eve, cat, ann, dan, bob], 'email'))).toEqual(['cus_a', 'cus_b', 'cus_c', 'cus_d', 'cus_e']);
    expect(ids(sortMembers(all, 'joined'))).toEqual(['cus_e', 'cus_d', 'cus_b', 'cus_a', 'cus_c']);
    expect(ids(sortMembers(all, 'expiration'))).toEqual(['cus_c', 'cus_d', 'cus_b', 'cus_e', 'cus_a']);
  });

  it('puts members without any period end last when sorting by expiration', () => {
    const none = member('cus_n', 'No End', 'n@example.com', 2, [subscription('active', null)]);
    expect(ids(sortMembers([none, ann, dan], 'expiration'))).toEqual(['cus_d', 'cus_a', 'cus_n']);
  });

  it('does not change the list it sorts', () => {
    const input = [bob, ann];
    sortMembers(input, 'name');
    expect(ids(input)).toEqual(['cus_b', 'cus_a']);
  });

  it('takes the active subscription’s end as the membership’s expiration', () => {
    expect(memberExpiration(eve)).toBe(inDays(25));
    expect(memberExpiration(cat)).toBe(inDays(-40));
    expect(memberExpiration(member('cus_z', null, null, 1, []))).toBeNull();
  });

  it('finds members by any part of the name or e-mail, case-insensitively', () => {
    const query = (search: string) => ids(selectMembers(all, { search, filter: 'all', sort: 'name' }, NOW));
    expect(query('ZIMMER')).toEqual(['cus_a']);
    expect(query('bob@')).toEqual(['cus_b']);
    expect(query('example.com')).toHaveLength(5);
    expect(query('dan walker')).toEqual(['cus_d']);
    expect(query('nobody')).toEqual([]);
    expect(query('   ')).toHaveLength(5);
  });

  it('filters active, inactive and expiring within 30 days', () => {
    const filter = (value: 'active' | 'inactive' | 'expiring') => ids(selectMembers(all, { search: '', filter: value, sort: 'name' }, NOW));
    expect(filter('active')).toEqual(['cus_a', 'cus_d', 'cus_e']);
    expect(filter('inactive')).toEqual(['cus_b', 'cus_c']);
    expect(filter('expiring')).toEqual(['cus_d', 'cus_e']);
    expect(isExpiringSoon(bob, NOW)).toBe(false);
    expect(isExpiringSoon(member('x', null, null, 1, [subscription('active', -2)]), NOW)).toBe(false);
  });

  it('counts total, active, inactive and expiring soon', () => {
    expect(memberSummary(all, NOW)).toEqual({ total: 5, active: 3, inactive: 2, expiringSoon: 2 });
    expect(memberSummary([], NOW)).toEqual({ total: 0, active: 0, inactive: 0, expiringSoon: 0 });
  });
});
