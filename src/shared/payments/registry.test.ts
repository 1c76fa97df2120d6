import { describe, expect, it, vi } from 'vitest';
import { paymentRegistry, settleThrough, type CheckoutSession, type PaidProduct, type Settlement } from './registry';

const step = { trigger: 'checkout.session.completed', done: null, now: 0 };
const session = (metadata: Record<string, string>) => ({ id: 'cs_test_1', metadata }) as unknown as CheckoutSession;

describe('paymentRegistry', () => {
  const lessons: PaidProduct = { kind: 'lessons', ownsUnmarked: (metadata) => 'lessonId' in metadata };
  const passes: PaidProduct = { kind: 'passes', events: { types: ['invoice.paid'], apply: async () => ({ changed: 0, queued: [], markedDone: false }) } };
  const registry = paymentRegistry([lessons, passes]);

  it('finds the product a session’s kind names, and none for an unknown kind', () => {
    expect(registry.productOf({ kind: 'passes' })).toBe(passes);
    expect(registry.productOf({ kind: 'gift-card' })).toBeNull();
  });

  it('gives a session without a kind to the product that owns it, else to none', () => {
    expect(registry.productOf({ lessonId: 'l-1' })).toBe(lessons);
    expect(registry.productOf({})).toBeNull();
    expect(registry.productOf(null)).toBeNull();
  });

  it('finds the product of a declared event type', () => {
    expect(registry.eventsOf('invoice.paid')).toBe(passes);
    expect(registry.eventsOf('invoice.created')).toBeNull();
  });

  it('refuses two products of one kind, a malformed kind, and an event type declared twice or meant for settle', () => {
    expect(() => paymentRegistry([lessons, { kind: 'lessons' }])).toThrow('Two paid products have the kind "lessons"');
    expect(() => paymentRegistry([{ kind: 'Gift Cards' }])).toThrow('is not lower-case letters');
    expect(() => paymentRegistry([passes, { ...passes, kind: 'other' }])).toThrow('invoice.paid is handled by both passes and other');
    const checkout = { types: ['checkout.session.completed'], apply: passes.events!.apply };
    expect(() => paymentRegistry([{ kind: 'odd', events: checkout }])).toThrow('Checkout events go to settle');
  });
});

describe('settleThrough', () => {
  const owed = { reference: 'b-1', paymentIntent: 'pi_1', amountCents: 4500 };

  it('hands what a settlement owes to the product’s refund, after settling', async () => {
    const calls: string[] = [];
    const product: PaidProduct<'metadata'> = {
      kind: 'lessons',
      settle: async (paid) => {
        calls.push(`settle ${paid.metadata?.['lessonId']}`);
        return { changed: 1, queued: [], markedDone: false, owed };
      },
      refund: async (refund) => {
        calls.push(`refund ${refund.reference} ${refund.amountCents}`);
      },
    };
    const settled = await settleThrough(product, session({ lessonId: 'l-1' }), step);
    expect(settled.changed).toBe(1);
    expect(calls).toEqual(['settle l-1', 'refund b-1 4500']);
  });

  it('fails (for the event to be retried) when a product owes a refund it cannot make', async () => {
    const product: PaidProduct = { kind: 'lessons', settle: async (): Promise<Settlement> => ({ changed: 1, queued: [], markedDone: false, owed }) };
    await expect(settleThrough(product, session({}), step)).rejects.toThrow('lessons owes a refund of b-1 but has no refund step');
  });

  it('settles nothing for a product whose Checkout needs no settlement', async () => {
    const refund = vi.fn();
    expect(await settleThrough({ kind: 'passes', refund }, session({ kind: 'passes' }), step)).toEqual({ changed: 0, queued: [], markedDone: false });
    expect(refund).not.toHaveBeenCalled();
  });
});
