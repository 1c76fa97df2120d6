import { describe, expect, it } from 'vitest';
import { PAID_PRODUCT_KINDS } from './paid-product-kinds';
import { paidProducts } from './paid-products';

describe('paidProducts', () => {
  it('lists league fees, bay time, memberships, gift cards and event deposits, each under the kind its Checkout sessions carry', () => {
    expect(paidProducts.products.map((product) => product.kind)).toEqual(['league', 'bay', 'membership', 'gift-card', 'event-deposit']);
    // The kinds alone (what the reports name), listed apart from the products for bundles that never settle one.
    expect(PAID_PRODUCT_KINDS).toEqual(paidProducts.products.map((product) => product.kind));
    for (const kind of ['league', 'bay', 'membership', 'gift-card', 'event-deposit']) expect(paidProducts.productOf({ kind })?.kind).toBe(kind);
  });

  it('settles a session made before sessions carried a kind as league fees when it pays registrations', () => {
    expect(paidProducts.productOf({ registrationIds: 'r-1,r-2', sessions: 'fall' })?.kind).toBe('league');
    expect(paidProducts.productOf({ bookingId: 'b-1' })).toBeNull();
  });

  it('gives the subscription events to memberships', () => {
    for (const type of ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted', 'invoice.payment_failed']) {
      expect(paidProducts.eventsOf(type)?.kind).toBe('membership');
    }
    expect(paidProducts.eventsOf('invoice.paid')).toBeNull();
  });
});
