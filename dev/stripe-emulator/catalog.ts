// The catalogue: products, their prices (with lookup keys) and coupons.
import { existing, StripeApiError } from './errors';
import type { EmulatorCore } from './core';
import type { CouponObject, Metadata, PriceObject, ProductObject, Recurring } from './objects';
import { randomId } from './state';

export class Catalog {
  constructor(private readonly core: EmulatorCore) {}

  getProduct(id: string, param = 'id'): ProductObject {
    return existing(this.core.state.products, 'product', id, param);
  }

  createProduct(input: { id?: string; name: string; description?: string | null; active?: boolean; metadata?: Metadata; url?: string | null; unitLabel?: string | null; statementDescriptor?: string | null }): ProductObject {
    const id = input.id ?? randomId('prod_', 14);
    if (this.core.state.products.has(id)) {
      throw new StripeApiError(400, `Product already exists.`, { code: 'resource_already_exists', param: 'id' });
    }
    const now = this.core.now();
    const product: ProductObject = {
      id,
      object: 'product',
      active: input.active ?? true,
      created: now,
      default_price: null,
      description: input.description ?? null,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: input.metadata ?? {},
      name: input.name,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: input.statementDescriptor ?? null,
      tax_code: null,
      tax_details: null,
      type: 'service',
      unit_label: input.unitLabel ?? null,
      updated: now,
      url: input.url ?? null,
    };
    this.core.state.products.set(id, product);
    return product;
  }

  getPrice(id: string, param = 'id'): PriceObject {
    return existing(this.core.state.prices, 'price', id, param);
  }

  priceByLookupKey(key: string): PriceObject | undefined {
    for (const price of this.core.state.prices.values()) if (price.lookup_key === key) return price;
    return undefined;
  }

  createPrice(input: {
    currency: string;
    unitAmount: number;
    product: string;
    recurring: { interval: Recurring['interval']; intervalCount: number } | null;
    lookupKey?: string | null;
    transferLookupKey?: boolean;
    nickname?: string | null;
    metadata?: Metadata;
    active?: boolean;
    inline?: boolean;
  }): PriceObject {
    if (input.lookupKey) {
      const holder = this.priceByLookupKey(input.lookupKey);
      if (holder && !input.transferLookupKey) {
        throw new StripeApiError(
          400,
          `A price (\`${holder.id}\`) already uses that lookup key. Set \`transfer_lookup_key=true\` to move the lookup key to this price.`,
          { param: 'lookup_key' },
        );
      }
      if (holder) holder.lookup_key = null;
    }
    const price: PriceObject = {
      id: randomId('price_'),
      object: 'price',
      active: input.active ?? true,
      billing_scheme: 'per_unit',
      created: this.core.now(),
      currency: input.currency.toLowerCase(),
      custom_unit_amount: null,
      livemode: false,
      lookup_key: input.lookupKey ?? null,
      metadata: input.metadata ?? {},
      nickname: input.nickname ?? null,
      product: input.product,
      recurring: input.recurring
        ? { interval: input.recurring.interval, interval_count: input.recurring.intervalCount, meter: null, trial_period_days: null, usage_type: 'licensed' }
        : null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: input.recurring ? 'recurring' : 'one_time',
      unit_amount: input.unitAmount,
      unit_amount_decimal: String(input.unitAmount),
    };
    this.core.state.prices.set(price.id, price);
    if (input.inline) this.core.state.inlinePrices.add(price.id);
    return price;
  }

  getCoupon(id: string, param = 'id'): CouponObject {
    return existing(this.core.state.coupons, 'coupon', id, param);
  }
}
