// The /v1 routes of the Stripe API the product uses, answering Stripe's shapes and errors.
// Parameter names each route knows come from the SDK's *Params types: a parameter Stripe has but the
// emulator does not implement is refused with a clear message rather than silently ignored.
import type { EmulatorCore } from './core';
import { noSuch, StripeApiError } from './errors';
import { SUBSCRIPTION_STATUSES, type CouponObject, type CustomerObject, type EventObject, type LineItemObject, type Metadata, type PortalFeatures, type Recurring, type SubscriptionObject, type SubscriptionStatus } from './objects';
import { mergeMetadata, Params } from './params';
import { randomId, type RequestInfo } from './state';

export interface ApiRequest {
  method: string;
  path: string;
  params: Params;
  request: RequestInfo;
}

export interface ApiResult {
  status: number;
  body: unknown;
  /** Events the call caused; sent after the answer, as Stripe does. */
  events: EventObject[];
}

type Handler = (core: EmulatorCore, request: ApiRequest, match: string[]) => { body: unknown; events?: EventObject[] };

interface Route {
  method: string;
  pattern: RegExp;
  /** Parameters the emulator implements. */
  accepts: readonly string[];
  /** Other parameters Stripe has for this call (refused as unsupported here). */
  stripeAlso?: readonly string[];
  handler: Handler;
}

const PAGE = ['limit', 'starting_after', 'ending_before', 'expand'] as const;

/** The payment methods the emulated account has on, offered by a Checkout session that names none. */
export const ACCOUNT_PAYMENT_METHODS = ['card', 'us_bank_account'] as const;

// ——— helpers ———

function checkParams(params: Params, route: Route): void {
  for (const key of params.keys()) {
    if (route.accepts.includes(key)) continue;
    if (route.stripeAlso?.includes(key)) {
      throw new StripeApiError(400, `The Stripe emulator does not implement the parameter \`${key}\` of this call.`, { code: 'parameter_unknown', param: key });
    }
    throw new StripeApiError(400, `Received unknown parameter: ${key}`, { code: 'parameter_unknown', param: key });
  }
}

function limitOf(params: Params): number {
  const limit = params.integer('limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw new StripeApiError(400, `Invalid limit: must be between 1 and 100`, { code: 'parameter_invalid_integer', param: 'limit' });
  }
  return limit;
}

/**
 * A page of a list (Stripe's cursor pagination): `all` is the whole collection newest first, `keep`
 * the list's filters; cursors are positions in the whole collection, as Stripe's are.
 */
function page<T extends { id: string }>(all: T[], keep: (item: T) => boolean, params: Params, url: string, kind: string) {
  const limit = limitOf(params);
  const after = params.string('starting_after');
  const before = params.string('ending_before');
  if (after && before) throw new StripeApiError(400, 'You may only specify one of these parameters: ending_before, starting_after.', { param: 'starting_after' });
  let data: T[];
  let hasMore: boolean;
  if (before) {
    const index = all.findIndex((item) => item.id === before);
    if (index === -1) throw noSuch(kind, before, 'ending_before');
    const matches = all.slice(0, index).filter(keep);
    data = matches.slice(Math.max(0, matches.length - limit));
    hasMore = matches.length > limit;
  } else {
    let start = 0;
    if (after) {
      const index = all.findIndex((item) => item.id === after);
      if (index === -1) throw noSuch(kind, after, 'starting_after');
      start = index + 1;
    }
    const matches = all.slice(start).filter(keep);
    data = matches.slice(0, limit);
    hasMore = matches.length > limit;
  }
  return { object: 'list' as const, data, has_more: hasMore, url };
}

const NOT_EXPANDABLE = (field: string) => new StripeApiError(400, `This property cannot be expanded (${field}).`, { param: 'expand' });

/** Applies `expand[]` paths (`customer`, `data.customer`, `line_items`, `items.data.price.product`). */
export function expand(core: EmulatorCore, value: unknown, paths: string[]): unknown {
  const result = structuredClone(value);
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > 4) throw new StripeApiError(400, `You cannot expand more than 4 levels of a property. Property: ${path}`, { param: 'expand' });
    expandPath(core, result, segments, path);
  }
  return result;
}

function expandPath(core: EmulatorCore, target: unknown, segments: string[], fullPath: string): void {
  if (target === null || typeof target !== 'object') return;
  const [field, ...rest] = segments;
  if (field === undefined) return;
  const record = target as Record<string, unknown>;
  if (field === 'data' && Array.isArray(record['data'])) {
    for (const item of record['data']) expandPath(core, item, rest, fullPath);
    return;
  }
  if (field === 'line_items' && record['object'] === 'checkout.session' && typeof record['id'] === 'string') {
    const items = core.checkout.sessionLineItems(record['id']);
    record['line_items'] = { object: 'list', data: structuredClone(items), has_more: false, url: `/v1/checkout/sessions/${record['id']}/line_items` };
    expandPath(core, record['line_items'], rest, fullPath);
    return;
  }
  if (!(field in record)) throw NOT_EXPANDABLE(fullPath);
  const current = record[field];
  if (current === null) return;
  if (typeof current === 'string') {
    const found = core.state.lookup(current);
    if (!found) throw NOT_EXPANDABLE(fullPath);
    record[field] = structuredClone(found);
    expandPath(core, record[field], rest, fullPath);
    return;
  }
  if (Array.isArray(current)) {
    record[field] = current.map((item) => {
      if (typeof item !== 'string') return item;
      const found = core.state.lookup(item);
      return found ? structuredClone(found) : item;
    });
    for (const item of record[field] as unknown[]) expandPath(core, item, rest, fullPath);
    return;
  }
  if (typeof current === 'object' && rest.length > 0) {
    expandPath(core, current, rest, fullPath);
    return;
  }
  throw NOT_EXPANDABLE(fullPath);
}

function newestFirst<T>(values: Iterable<T>): T[] {
  return [...values].reverse();
}

function validUrl(value: string | undefined, param: string): string | null {
  if (value === undefined || value === '') return null;
  try {
    const url = new URL(value.replace(/\{CHECKOUT_SESSION_ID\}/g, 'x'));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
  } catch {
    throw new StripeApiError(400, 'Not a valid URL', { code: 'url_invalid', param });
  }
  return value;
}

function recurringFrom(params: Params | undefined): { interval: Recurring['interval']; intervalCount: number } | null {
  if (!params) return null;
  params.allowOnly(['interval', 'interval_count', 'usage_type', 'trial_period_days']);
  const interval = params.oneOf('interval', ['day', 'week', 'month', 'year'] as const);
  if (!interval) params.requiredString('interval');
  const intervalCount = params.integer('interval_count') ?? 1;
  const maxMonths = interval === 'year' ? intervalCount * 12 : interval === 'month' ? intervalCount : interval === 'week' ? intervalCount / 4 : intervalCount / 30;
  if (intervalCount < 1 || maxMonths > 36) {
    throw new StripeApiError(400, 'The maximum billing interval is 3 years (36 months or 156 weeks).', { param: `${params.path}[interval_count]` });
  }
  return { interval: interval as Recurring['interval'], intervalCount };
}

function customerMatchesQuery(customer: CustomerObject, query: string): boolean {
  // Stripe's search query language, the subset for customers: field:'value' (exact, case-insensitive),
  // field~'value' (substring), metadata['key']:'value', clauses joined by AND or OR (not mixed).
  const clause = /\s*(email|name|phone|metadata\[['"]([^'"]+)['"]\])\s*(:|~)\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\s*/y;
  const tests: boolean[] = [];
  const joins: string[] = [];
  let position = 0;
  while (position < query.length) {
    clause.lastIndex = position;
    const match = clause.exec(query);
    if (!match) throw new StripeApiError(400, `Invalid search query: ${query}. Supported here: email, name, phone and metadata['key'] with : or ~, joined by AND or OR.`, { param: 'query' });
    const [, field = '', metaKey, operator, single, double] = match;
    const wanted = (single ?? double ?? '').replace(/\\(.)/g, '$1').toLowerCase();
    const actual = (metaKey !== undefined ? customer.metadata[metaKey] : field === 'email' ? customer.email : field === 'name' ? customer.name : customer.phone) ?? '';
    const value = actual.toLowerCase();
    tests.push(operator === '~' ? value.includes(wanted) : value === wanted);
    position = clause.lastIndex;
    const join = /(AND|OR)\s+/iy;
    join.lastIndex = position;
    const joined = join.exec(query);
    if (joined) {
      joins.push((joined[1] ?? '').toUpperCase());
      position = join.lastIndex;
    }
  }
  if (tests.length === 0) throw new StripeApiError(400, 'Missing required param: query.', { code: 'parameter_missing', param: 'query' });
  if (new Set(joins).size > 1) throw new StripeApiError(400, 'Search queries cannot mix AND and OR.', { param: 'query' });
  return joins[0] === 'OR' ? tests.some(Boolean) : tests.every(Boolean);
}

function portalFeatures(params: Params | undefined, current: PortalFeatures): PortalFeatures {
  const next = structuredClone(current);
  if (!params) return next;
  params.allowOnly(['customer_update', 'invoice_history', 'payment_method_update', 'subscription_cancel', 'subscription_update']);
  const customerUpdate = params.object('customer_update');
  if (customerUpdate) {
    next.customer_update.enabled = customerUpdate.boolean('enabled') ?? next.customer_update.enabled;
    next.customer_update.allowed_updates = customerUpdate.strings('allowed_updates') ?? next.customer_update.allowed_updates;
  }
  const invoiceHistory = params.object('invoice_history');
  if (invoiceHistory) next.invoice_history.enabled = invoiceHistory.boolean('enabled') ?? next.invoice_history.enabled;
  const paymentMethodUpdate = params.object('payment_method_update');
  if (paymentMethodUpdate) next.payment_method_update.enabled = paymentMethodUpdate.boolean('enabled') ?? next.payment_method_update.enabled;
  const cancel = params.object('subscription_cancel');
  if (cancel) {
    next.subscription_cancel.enabled = cancel.boolean('enabled') ?? next.subscription_cancel.enabled;
    next.subscription_cancel.mode = cancel.oneOf('mode', ['at_period_end', 'immediately'] as const) ?? next.subscription_cancel.mode;
    next.subscription_cancel.proration_behavior = cancel.oneOf('proration_behavior', ['none', 'create_prorations', 'always_invoice'] as const) ?? next.subscription_cancel.proration_behavior;
    const reason = cancel.object('cancellation_reason');
    if (reason) {
      next.subscription_cancel.cancellation_reason.enabled = reason.boolean('enabled') ?? next.subscription_cancel.cancellation_reason.enabled;
      next.subscription_cancel.cancellation_reason.options = reason.strings('options') ?? next.subscription_cancel.cancellation_reason.options;
    }
  }
  const update = params.object('subscription_update');
  if (update) {
    next.subscription_update.enabled = update.boolean('enabled') ?? next.subscription_update.enabled;
    next.subscription_update.default_allowed_updates = update.strings('default_allowed_updates') ?? next.subscription_update.default_allowed_updates;
    next.subscription_update.proration_behavior = update.oneOf('proration_behavior', ['none', 'create_prorations', 'always_invoice'] as const) ?? next.subscription_update.proration_behavior;
  }
  return next;
}

// ——— routes ———

const ID = '([A-Za-z0-9_-]+)';

/** GET /v1/{collection}: a page of the objects, newest first, that the request's filters keep. */
function list<T extends { id: string }>(
  collection: string,
  kind: string,
  filters: readonly string[],
  stripeAlso: readonly string[] | undefined,
  objects: (core: EmulatorCore) => Iterable<T>,
  filter: (params: Params, core: EmulatorCore) => (item: T) => boolean,
): Route {
  return {
    method: 'GET',
    pattern: new RegExp(`^/v1/${collection}$`),
    accepts: [...PAGE, ...filters],
    ...(stripeAlso ? { stripeAlso } : {}),
    handler: (core, { params }) => {
      const keep = filter(params, core);
      return { body: page(newestFirst(objects(core)), keep, params, `/v1/${collection}`, kind) };
    },
  };
}

/** GET /v1/{collection}/{id}: one object (expandable). */
function retrieve(collection: string, get: (core: EmulatorCore, id: string) => unknown): Route {
  return { method: 'GET', pattern: new RegExp(`^/v1/${collection}/${ID}$`), accepts: ['expand'], handler: (core, _request, [id = '']) => ({ body: get(core, id) }) };
}

/** Stripe's answer to a DELETE. */
function deleted(id: string, object: string): { body: { id: string; object: string; deleted: true } } {
  return { body: { id, object, deleted: true } };
}

/** Sets each listed text field the request names; an empty value clears it (null), as Stripe does. */
function updateText<T extends object>(target: T, params: Params, fields: ReadonlyArray<keyof T & string>): void {
  for (const field of fields) {
    if (params.has(field)) (target as Record<string, unknown>)[field] = params.string(field) || null;
  }
}

/** POST /v1/{collection}/{id} for objects whose update sets text fields and metadata. */
function update<T extends { metadata: Metadata }>(
  collection: string,
  textFields: ReadonlyArray<keyof T & string>,
  stripeAlso: readonly string[],
  get: (core: EmulatorCore, id: string) => T,
): Route {
  return {
    method: 'POST',
    pattern: new RegExp(`^/v1/${collection}/${ID}$`),
    accepts: [...textFields, 'metadata', 'expand'],
    stripeAlso,
    handler: (core, { params }, [id = '']) => {
      const object = get(core, id);
      updateText(object, params, textFields);
      object.metadata = mergeMetadata(object.metadata, params.metadata());
      return { body: object };
    },
  };
}

/** The comment and feedback of `cancellation_details` on a subscription. */
function setCancellationDetails(subscription: SubscriptionObject, details: Params | undefined): void {
  if (!details || !subscription.cancellation_details) return;
  subscription.cancellation_details.comment = details.string('comment') || null;
  subscription.cancellation_details.feedback = details.string('feedback') || null;
}

const routes: Route[] = [
  // Products
  {
    method: 'POST',
    pattern: /^\/v1\/products$/,
    accepts: ['name', 'id', 'active', 'description', 'metadata', 'url', 'unit_label', 'statement_descriptor', 'expand'],
    stripeAlso: ['default_price_data', 'images', 'marketing_features', 'package_dimensions', 'shippable', 'tax_code', 'tax_details', 'type'],
    handler: (core, { params }) => {
      const metadata = params.metadata();
      return {
        body: core.catalog.createProduct({
          name: params.requiredString('name'),
          ...(params.string('id') ? { id: params.string('id') as string } : {}),
          active: params.boolean('active') ?? true,
          description: params.string('description') || null,
          metadata: metadata || {},
          url: params.string('url') || null,
          unitLabel: params.string('unit_label') || null,
          statementDescriptor: params.string('statement_descriptor') || null,
        }),
      };
    },
  },
  retrieve('products', (core, id) => core.catalog.getProduct(id)),
  {
    method: 'POST',
    pattern: new RegExp(`^/v1/products/${ID}$`),
    accepts: ['active', 'default_price', 'description', 'metadata', 'name', 'url', 'unit_label', 'statement_descriptor', 'expand'],
    stripeAlso: ['images', 'marketing_features', 'package_dimensions', 'shippable', 'tax_code', 'tax_details'],
    handler: (core, { params }, [id = '']) => {
      const product = core.catalog.getProduct(id);
      const defaultPrice = params.string('default_price');
      if (defaultPrice) {
        const price = core.catalog.getPrice(defaultPrice, 'default_price');
        if (price.product !== product.id) throw new StripeApiError(400, `The price ${price.id} does not belong to product ${product.id}.`, { param: 'default_price' });
        product.default_price = price.id;
      } else if (defaultPrice === '') product.default_price = null;
      product.active = params.boolean('active') ?? product.active;
      if (params.has('name')) product.name = params.requiredString('name');
      updateText(product, params, ['description', 'url', 'unit_label', 'statement_descriptor']);
      product.metadata = mergeMetadata(product.metadata, params.metadata());
      product.updated = core.now();
      return { body: product };
    },
  },
  list('products', 'product', ['active', 'ids'], ['created', 'shippable', 'type', 'url'], (core) => core.state.products.values(), (params) => {
    const active = params.boolean('active');
    const ids = params.strings('ids');
    return (product) => (active === undefined || product.active === active) && (!ids || ids.includes(product.id));
  }),
  // Prices
  {
    method: 'POST',
    pattern: /^\/v1\/prices$/,
    accepts: ['currency', 'unit_amount', 'product', 'product_data', 'recurring', 'lookup_key', 'transfer_lookup_key', 'nickname', 'metadata', 'active', 'expand'],
    stripeAlso: ['billing_scheme', 'currency_options', 'custom_unit_amount', 'tax_behavior', 'tiers', 'tiers_mode', 'transform_quantity', 'unit_amount_decimal'],
    handler: (core, { params }) => {
      const currency = params.requiredString('currency');
      const unitAmount = params.integer('unit_amount');
      if (unitAmount === undefined) params.requiredString('unit_amount');
      if ((unitAmount as number) < 0) throw new StripeApiError(400, 'This value must be greater than or equal to 0.', { param: 'unit_amount' });
      let productId = params.string('product');
      const productData = params.object('product_data');
      if (productId && productData) throw new StripeApiError(400, 'You may only specify one of these parameters: product, product_data.', { param: 'product' });
      if (productId) core.catalog.getProduct(productId, 'product');
      else if (productData) {
        productData.allowOnly(['name', 'active', 'metadata', 'statement_descriptor', 'unit_label', 'id']);
        productId = core.catalog.createProduct({ name: productData.requiredString('name'), metadata: productData.metadata() || {} }).id;
      } else params.requiredString('product');
      const metadata = params.metadata();
      return {
        body: core.catalog.createPrice({
          currency,
          unitAmount: unitAmount as number,
          product: productId as string,
          recurring: recurringFrom(params.object('recurring')),
          lookupKey: params.string('lookup_key') || null,
          transferLookupKey: params.boolean('transfer_lookup_key') ?? false,
          nickname: params.string('nickname') || null,
          metadata: metadata || {},
          active: params.boolean('active') ?? true,
        }),
      };
    },
  },
  retrieve('prices', (core, id) => core.catalog.getPrice(id)),
  {
    method: 'POST',
    pattern: new RegExp(`^/v1/prices/${ID}$`),
    accepts: ['active', 'lookup_key', 'transfer_lookup_key', 'metadata', 'nickname', 'expand'],
    stripeAlso: ['currency_options', 'tax_behavior'],
    handler: (core, { params }, [id = '']) => {
      const price = core.catalog.getPrice(id);
      price.active = params.boolean('active') ?? price.active;
      updateText(price, params, ['nickname']);
      if (params.has('lookup_key')) {
        const key = params.string('lookup_key') || null;
        if (key && key !== price.lookup_key) {
          const holder = core.catalog.priceByLookupKey(key);
          if (holder && !params.boolean('transfer_lookup_key')) {
            throw new StripeApiError(400, `A price (\`${holder.id}\`) already uses that lookup key. Set \`transfer_lookup_key=true\` to move the lookup key to this price.`, { param: 'lookup_key' });
          }
          if (holder) holder.lookup_key = null;
        }
        price.lookup_key = key;
      }
      price.metadata = mergeMetadata(price.metadata, params.metadata());
      return { body: price };
    },
  },
  list('prices', 'price', ['active', 'currency', 'lookup_keys', 'product', 'type', 'recurring'], ['created'], (core) => core.state.prices.values(), (params, core) => {
    const active = params.boolean('active');
    const currency = params.string('currency')?.toLowerCase();
    const lookupKeys = params.strings('lookup_keys');
    if (lookupKeys && lookupKeys.length > 10) throw new StripeApiError(400, 'You may only specify up to 10 lookup_keys.', { param: 'lookup_keys' });
    const product = params.string('product');
    const type = params.oneOf('type', ['one_time', 'recurring'] as const);
    const interval = params.object('recurring')?.string('interval');
    return (price) =>
      !core.state.inlinePrices.has(price.id) &&
      (active === undefined || price.active === active) &&
      (!currency || price.currency === currency) &&
      (!lookupKeys || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
      (!product || price.product === product) &&
      (!type || price.type === type) &&
      (!interval || price.recurring?.interval === interval);
  }),
  // Coupons
  {
    method: 'POST',
    pattern: /^\/v1\/coupons$/,
    accepts: ['id', 'percent_off', 'amount_off', 'currency', 'duration', 'duration_in_months', 'name', 'metadata', 'max_redemptions', 'redeem_by', 'expand'],
    stripeAlso: ['applies_to', 'currency_options'],
    handler: (core, { params }) => {
      const id = params.string('id') || randomCouponId();
      if (core.state.coupons.has(id)) throw new StripeApiError(400, 'Coupon already exists.', { code: 'resource_already_exists', param: 'id' });
      const percentOff = params.number('percent_off');
      const amountOff = params.integer('amount_off');
      if ((percentOff === undefined) === (amountOff === undefined)) {
        throw new StripeApiError(400, 'You must specify exactly one of percent_off or amount_off.', { param: 'percent_off' });
      }
      if (percentOff !== undefined && (percentOff <= 0 || percentOff > 100)) throw new StripeApiError(400, 'Invalid percent_off: must be greater than 0 and at most 100.', { param: 'percent_off' });
      const currency = params.string('currency')?.toLowerCase() ?? null;
      if (amountOff !== undefined && !currency) throw new StripeApiError(400, 'Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
      const duration = params.oneOf('duration', ['forever', 'once', 'repeating'] as const) ?? 'once';
      const durationInMonths = params.integer('duration_in_months') ?? null;
      if (duration === 'repeating' && !durationInMonths) throw new StripeApiError(400, 'Missing required param: duration_in_months.', { code: 'parameter_missing', param: 'duration_in_months' });
      const name = params.string('name') || null;
      if (name && name.length > 40) throw new StripeApiError(400, 'Invalid name: must be at most 40 characters', { param: 'name' });
      const coupon: CouponObject = {
        id,
        object: 'coupon',
        amount_off: amountOff ?? null,
        created: core.now(),
        currency: amountOff !== undefined ? currency : null,
        duration,
        duration_in_months: duration === 'repeating' ? durationInMonths : null,
        livemode: false,
        max_redemptions: params.integer('max_redemptions') ?? null,
        metadata: params.metadata() || {},
        name,
        percent_off: percentOff ?? null,
        redeem_by: params.integer('redeem_by') ?? null,
        times_redeemed: 0,
        valid: true,
      };
      core.state.coupons.set(id, coupon);
      return { body: coupon };
    },
  },
  retrieve('coupons', (core, id) => core.catalog.getCoupon(id)),
  update<CouponObject>('coupons', ['name'], ['currency_options'], (core, id) => core.catalog.getCoupon(id)),
  {
    method: 'DELETE',
    pattern: new RegExp(`^/v1/coupons/${ID}$`),
    accepts: [],
    handler: (core, _request, [id = '']) => {
      core.catalog.getCoupon(id);
      core.state.coupons.delete(id);
      return deleted(id, 'coupon');
    },
  },
  list('coupons', 'coupon', [], ['created'], (core) => core.state.coupons.values(), () => () => true),
  // Customers
  {
    method: 'POST',
    pattern: /^\/v1\/customers$/,
    accepts: ['email', 'name', 'phone', 'description', 'metadata', 'expand'],
    stripeAlso: ['address', 'balance', 'business_name', 'cash_balance', 'individual_name', 'invoice_prefix', 'invoice_settings', 'next_invoice_sequence', 'payment_method', 'preferred_locales', 'shipping', 'source', 'tax', 'tax_exempt', 'tax_id_data', 'test_clock', 'validate'],
    handler: (core, { params, request }) => {
      const email = params.string('email') || null;
      if (email && email.length > 512) throw new StripeApiError(400, 'Invalid email: must be at most 512 characters', { param: 'email' });
      const { customer, events } = core.customers.createCustomer(
        { email, name: params.string('name') || null, phone: params.string('phone') || null, description: params.string('description') || null, metadata: params.metadata() || {} },
        request,
      );
      return { body: customer, events };
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/customers\/search$/,
    accepts: ['query', 'limit', 'page', 'expand'],
    handler: (core, { params }) => {
      const query = params.requiredString('query');
      const limit = limitOf(params);
      const token = params.string('page');
      let offset = 0;
      if (token) {
        const decoded = Number(Buffer.from(token, 'base64url').toString('utf8').replace(/^offset:/, ''));
        if (!Number.isInteger(decoded) || decoded < 0) throw new StripeApiError(400, 'Invalid page token.', { param: 'page' });
        offset = decoded;
      }
      const matches = newestFirst(core.state.customers.values()).filter((customer) => customerMatchesQuery(customer, query));
      const data = matches.slice(offset, offset + limit);
      const hasMore = matches.length > offset + limit;
      return {
        body: {
          object: 'search_result',
          data,
          has_more: hasMore,
          next_page: hasMore ? Buffer.from(`offset:${offset + limit}`).toString('base64url') : null,
          url: '/v1/customers/search',
        },
      };
    },
  },
  retrieve('customers', (core, id) => (core.state.deletedCustomers.has(id) ? deleted(id, 'customer').body : core.customers.getCustomer(id))),
  update<CustomerObject>(
    'customers',
    ['email', 'name', 'phone', 'description'],
    ['address', 'balance', 'business_name', 'cash_balance', 'default_source', 'individual_name', 'invoice_prefix', 'invoice_settings', 'next_invoice_sequence', 'preferred_locales', 'shipping', 'source', 'tax', 'tax_exempt', 'validate'],
    (core, id) => core.customers.getCustomer(id),
  ),
  {
    method: 'DELETE',
    pattern: new RegExp(`^/v1/customers/${ID}$`),
    accepts: [],
    handler: (core, _request, [id = '']) => {
      core.customers.getCustomer(id);
      for (const subscription of core.state.subscriptions.values()) {
        if (subscription.customer === id && subscription.status !== 'canceled') core.subscriptions.cancelSubscription(subscription.id);
      }
      core.state.customers.delete(id);
      core.state.deletedCustomers.add(id);
      return deleted(id, 'customer');
    },
  },
  list('customers', 'customer', ['email'], ['created', 'test_clock'], (core) => core.state.customers.values(), (params) => {
    // Stripe's list filter on email is exact and case-sensitive (search is not).
    const email = params.string('email');
    return (customer) => email === undefined || customer.email === email;
  }),
  // Checkout sessions
  {
    method: 'POST',
    pattern: /^\/v1\/checkout\/sessions$/,
    accepts: [
      'mode', 'line_items', 'discounts', 'metadata', 'success_url', 'cancel_url', 'customer', 'customer_email', 'customer_creation',
      'client_reference_id', 'expires_at', 'allow_promotion_codes', 'submit_type', 'locale', 'billing_address_collection',
      'payment_method_types', 'allowed_payment_method_types', 'subscription_data', 'payment_intent_data', 'expand',
    ],
    stripeAlso: [
      'adaptive_pricing', 'after_expiration', 'automatic_tax', 'branding_settings', 'consent_collection', 'currency',
      'custom_fields', 'custom_text', 'customer_account', 'customer_update', 'excluded_payment_method_types', 'integration_identifier', 'invoice_creation',
      'managed_payments', 'name_collection', 'optional_items', 'origin_context', 'payment_method_collection', 'payment_method_configuration',
      'payment_method_data', 'payment_method_options', 'permissions', 'phone_number_collection', 'redirect_on_completion', 'return_url',
      'saved_payment_method_options', 'setup_intent_data', 'shipping_address_collection', 'shipping_options', 'tax_id_collection', 'ui_mode', 'wallet_options',
    ],
    handler: (core, { params }) => {
      const mode = params.oneOf('mode', ['payment', 'subscription', 'setup'] as const);
      if (!mode) params.requiredString('mode');
      if (mode === 'setup') throw new StripeApiError(400, 'The Stripe emulator does not implement `mode=setup`.', { param: 'mode' });
      const items = params.objects('line_items');
      if (!items || items.length === 0) throw new StripeApiError(400, 'Missing required param: line_items.', { code: 'parameter_missing', param: 'line_items' });
      const lineItems = items.map((item) => {
        item.allowOnly(['price', 'price_data', 'quantity', 'adjustable_quantity', 'dynamic_tax_rates', 'tax_rates', 'metadata']);
        const quantity = item.integer('quantity');
        if (quantity === undefined) throw new StripeApiError(400, `Quantity is required. Add \`quantity\` to \`${item.path}\``, { code: 'parameter_missing', param: `${item.path}[quantity]` });
        if (quantity < 1) throw new StripeApiError(400, 'This value must be greater than or equal to 1.', { param: `${item.path}[quantity]` });
        const priceId = item.string('price');
        const priceData = item.object('price_data');
        if (priceId && priceData) throw new StripeApiError(400, `You may only specify one of these parameters: price, price_data.`, { param: `${item.path}[price]` });
        if (priceId) {
          const price = core.catalog.getPrice(priceId, `${item.path}[price]`);
          if (!price.active) throw new StripeApiError(400, `The price specified is inactive. This field only accepts active prices.`, { param: `${item.path}[price]` });
          return { price, quantity };
        }
        if (!priceData) throw new StripeApiError(400, `You must specify either \`price\` or \`price_data\` in \`${item.path}\`.`, { param: item.path });
        priceData.allowOnly(['currency', 'product', 'product_data', 'unit_amount', 'unit_amount_decimal', 'recurring', 'tax_behavior']);
        const currency = priceData.requiredString('currency');
        const unitAmount = priceData.integer('unit_amount');
        if (unitAmount === undefined) priceData.requiredString('unit_amount');
        let product = priceData.string('product');
        const productData = priceData.object('product_data');
        if (product) core.catalog.getProduct(product, `${priceData.path}[product]`);
        else if (productData) {
          productData.allowOnly(['name', 'description', 'images', 'metadata', 'tax_code', 'unit_label']);
          product = core.catalog.createProduct({ name: productData.requiredString('name'), description: productData.string('description') || null, metadata: productData.metadata() || {} }).id;
        } else priceData.requiredString('product');
        const price = core.catalog.createPrice({ currency, unitAmount: unitAmount as number, product: product as string, recurring: recurringFrom(priceData.object('recurring')), inline: true });
        return { price, quantity };
      });
      const currencies = new Set(lineItems.map((item) => item.price.currency));
      if (currencies.size > 1) throw new StripeApiError(400, 'All prices on a Checkout Session must have the same currency.', { param: 'line_items' });
      const recurring = lineItems.filter((item) => item.price.recurring);
      if (mode === 'payment' && recurring.length > 0) {
        throw new StripeApiError(400, 'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.', { param: 'mode' });
      }
      if (mode === 'subscription' && recurring.length === 0) {
        throw new StripeApiError(400, 'You must provide at least one recurring price in `subscription` mode when using prices.', { param: 'mode' });
      }
      if (mode === 'subscription') {
        const intervals = new Set(recurring.map((item) => `${item.price.recurring?.interval}/${item.price.recurring?.interval_count}`));
        if (intervals.size > 1) throw new StripeApiError(400, 'Checkout does not support multiple prices with different billing intervals.', { param: 'line_items' });
      }
      const discounts = params.objects('discounts') ?? [];
      const allowPromotionCodes = params.boolean('allow_promotion_codes') ?? null;
      if (discounts.length > 0 && allowPromotionCodes) throw new StripeApiError(400, 'You may only specify one of these parameters: allow_promotion_codes, discounts.', { param: 'discounts' });
      if (discounts.length > 1) throw new StripeApiError(400, 'You may only specify one discount.', { param: 'discounts' });
      const coupons = discounts.map((discount) => {
        discount.allowOnly(['coupon', 'promotion_code']);
        if (discount.has('promotion_code')) throw new StripeApiError(400, 'The Stripe emulator does not implement promotion codes.', { param: `${discount.path}[promotion_code]` });
        const coupon = core.catalog.getCoupon(discount.requiredString('coupon'), `${discount.path}[coupon]`);
        if (!coupon.valid) throw new StripeApiError(400, `Coupon ${coupon.id} is no longer valid.`, { param: `${discount.path}[coupon]` });
        if (coupon.amount_off !== null && coupon.currency !== lineItems[0]?.price.currency) {
          throw new StripeApiError(400, `The coupon ${coupon.id} is in a different currency than the prices.`, { param: `${discount.path}[coupon]` });
        }
        return coupon;
      });
      const customerId = params.string('customer');
      const customerEmail = params.string('customer_email') || null;
      if (customerId && customerEmail) throw new StripeApiError(400, 'You may only specify one of these parameters: customer, customer_email.', { param: 'customer_email' });
      if (customerEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail)) throw new StripeApiError(400, 'Invalid email address: ' + customerEmail, { code: 'email_invalid', param: 'customer_email' });
      const customer = customerId ? core.customers.getCustomer(customerId, 'customer') : null;
      const customerCreation = params.oneOf('customer_creation', ['always', 'if_required'] as const) ?? null;
      if (customerCreation && mode !== 'payment') throw new StripeApiError(400, '`customer_creation` can only be used in `payment` mode.', { param: 'customer_creation' });
      if (customerCreation && customer) throw new StripeApiError(400, 'You may only specify one of these parameters: customer, customer_creation.', { param: 'customer_creation' });
      const now = core.now();
      const expiresAt = params.integer('expires_at') ?? now + 24 * 3600;
      if (expiresAt < now + 30 * 60 - 5) throw new StripeApiError(400, 'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', { param: 'expires_at' });
      if (expiresAt > now + 24 * 3600 + 5) throw new StripeApiError(400, 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', { param: 'expires_at' });
      const clientReferenceId = params.string('client_reference_id') || null;
      if (clientReferenceId && clientReferenceId.length > 200) throw new StripeApiError(400, 'Invalid client_reference_id: must be at most 200 characters', { param: 'client_reference_id' });
      const subscriptionData = params.object('subscription_data');
      if (subscriptionData && mode !== 'subscription') throw new StripeApiError(400, '`subscription_data` can only be used in `subscription` mode.', { param: 'subscription_data' });
      subscriptionData?.allowOnly(['metadata', 'description']);
      const paymentIntentData = params.object('payment_intent_data');
      if (paymentIntentData && mode !== 'payment') throw new StripeApiError(400, '`payment_intent_data` can only be used in `payment` mode.', { param: 'payment_intent_data' });
      paymentIntentData?.allowOnly(['metadata', 'description', 'receipt_email', 'statement_descriptor', 'statement_descriptor_suffix']);
      const submitType = params.oneOf('submit_type', ['auto', 'book', 'donate', 'pay', 'subscribe'] as const) ?? null;
      const session = core.checkout.createSession({
        mode: mode as 'payment' | 'subscription',
        lineItems,
        coupons,
        metadata: params.metadata() || {},
        successUrl: validUrl(params.string('success_url'), 'success_url'),
        cancelUrl: validUrl(params.string('cancel_url'), 'cancel_url'),
        customer,
        customerEmail,
        customerCreation,
        clientReferenceId,
        expiresAt,
        allowPromotionCodes,
        submitType,
        locale: params.string('locale') || null,
        billingAddressCollection: params.oneOf('billing_address_collection', ['auto', 'required'] as const) ?? null,
        // Without a list, the account's dynamic payment methods: card and US bank debit are on (a debit settles days later).
        paymentMethodTypes: params.strings('allowed_payment_method_types') ?? params.strings('payment_method_types') ?? [...ACCOUNT_PAYMENT_METHODS],
        subscriptionMetadata: subscriptionData?.metadata() || {},
        subscriptionDescription: subscriptionData?.string('description') || null,
        paymentIntentMetadata: paymentIntentData?.metadata() || {},
        paymentIntentDescription: paymentIntentData?.string('description') || null,
      });
      return { body: session };
    },
  },
  retrieve('checkout/sessions', (core, id) => core.checkout.getSession(id)),
  {
    method: 'GET',
    pattern: new RegExp(`^/v1/checkout/sessions/${ID}/line_items$`),
    accepts: [...PAGE],
    handler: (core, { params }, [id = '']) => {
      core.checkout.getSession(id);
      const items: LineItemObject[] = core.checkout.sessionLineItems(id);
      return { body: page(items, () => true, params, `/v1/checkout/sessions/${id}/line_items`, 'line item') };
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/v1/checkout/sessions/${ID}/expire$`),
    accepts: ['expand'],
    handler: (core, { request }, [id = '']) => {
      const events = core.checkout.expireSession(id, request);
      return { body: core.checkout.getSession(id), events };
    },
  },
  list(
    'checkout/sessions',
    'checkout.session',
    ['customer', 'status', 'subscription', 'payment_intent'],
    ['created', 'customer_account', 'customer_details', 'payment_link'],
    (core) => core.state.sessions.values(),
    (params, core) => {
      const customer = params.string('customer');
      const status = params.oneOf('status', ['open', 'complete', 'expired'] as const);
      const subscription = params.string('subscription');
      const paymentIntent = params.string('payment_intent');
      for (const session of core.state.sessions.values()) core.checkout.expireIfDue(session);
      return (session) =>
        (!customer || session.customer === customer) &&
        (!status || session.status === status) &&
        (!subscription || session.subscription === subscription) &&
        (!paymentIntent || session.payment_intent === paymentIntent);
    },
  ),
  // Subscriptions
  list(
    'subscriptions',
    'subscription',
    ['customer', 'status', 'price'],
    ['automatic_tax', 'collection_method', 'created', 'current_period_end', 'current_period_start', 'customer_account', 'plan', 'test_clock'],
    (core) => core.state.subscriptions.values(),
    (params) => {
      const customer = params.string('customer');
      const price = params.string('price');
      const status = params.oneOf('status', [...SUBSCRIPTION_STATUSES, 'all', 'ended'] as const);
      const statusMatches = (value: SubscriptionStatus) => {
        if (status === undefined) return value !== 'canceled' && value !== 'incomplete_expired';
        if (status === 'all') return true;
        if (status === 'ended') return value === 'canceled' || value === 'incomplete_expired';
        return value === status;
      };
      return (subscription) =>
        statusMatches(subscription.status) &&
        (!customer || subscription.customer === customer) &&
        (!price || subscription.items.data.some((item) => item.price.id === price));
    },
  ),
  retrieve('subscriptions', (core, id) => core.subscriptions.getSubscription(id)),
  {
    method: 'POST',
    pattern: new RegExp(`^/v1/subscriptions/${ID}$`),
    accepts: ['cancel_at_period_end', 'metadata', 'description', 'cancellation_details', 'expand'],
    stripeAlso: [
      'add_invoice_items', 'application_fee_percent', 'automatic_tax', 'billing_cycle_anchor', 'billing_schedules', 'billing_thresholds', 'cancel_at',
      'collection_method', 'days_until_due', 'default_payment_method', 'default_source', 'default_tax_rates', 'discounts', 'invoice_settings', 'items',
      'off_session', 'on_behalf_of', 'pause_collection', 'payment_behavior', 'payment_settings', 'pending_invoice_item_interval', 'proration_behavior',
      'proration_date', 'transfer_data', 'trial_end', 'trial_from_plan', 'trial_settings',
    ],
    handler: (core, { params, request }, [id = '']) => {
      const subscription = core.subscriptions.getSubscription(id);
      const details = params.object('cancellation_details');
      details?.allowOnly(['comment', 'feedback']);
      const { events } = core.subscriptions.updateSubscription(
        id,
        {
          ...(params.has('cancel_at_period_end') ? { cancelAtPeriodEnd: params.boolean('cancel_at_period_end') as boolean } : {}),
          ...(params.has('metadata') ? { metadata: mergeMetadata(subscription.metadata, params.metadata()) } : {}),
          ...(params.has('description') ? { description: params.string('description') || null } : {}),
        },
        request,
      );
      setCancellationDetails(subscription, details);
      return { body: subscription, events };
    },
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/v1/subscriptions/${ID}$`),
    accepts: ['cancellation_details', 'invoice_now', 'prorate', 'expand'],
    handler: (core, { params, request }, [id = '']) => {
      params.boolean('invoice_now');
      params.boolean('prorate');
      const { subscription, events } = core.subscriptions.cancelSubscription(id, request);
      const details = params.object('cancellation_details');
      details?.allowOnly(['comment', 'feedback']);
      setCancellationDetails(subscription, details);
      return { body: subscription, events };
    },
  },
  // One-time payments and refunds
  retrieve('payment_intents', (core, id) => core.payments.getPaymentIntent(id)),
  retrieve('charges', (core, id) => core.payments.getCharge(id)),
  {
    method: 'POST',
    pattern: /^\/v1\/refunds$/,
    accepts: ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand'],
    stripeAlso: ['currency', 'customer', 'instructions_email', 'origin', 'refund_application_fee', 'reverse_transfer'],
    handler: (core, { params, request }) => {
      const { refund, events } = core.payments.refund(
        {
          paymentIntent: params.string('payment_intent'),
          charge: params.string('charge'),
          amount: params.integer('amount'),
          reason: params.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
          metadata: params.metadata() || {},
        },
        request,
      );
      return { body: refund, events };
    },
  },
  retrieve('refunds', (core, id) => core.payments.getRefund(id)),
  list('refunds', 'refund', ['charge', 'payment_intent'], ['created'], (core) => core.state.refunds.values(), (params) => {
    const charge = params.string('charge');
    const paymentIntent = params.string('payment_intent');
    return (refund) => (!charge || refund.charge === charge) && (!paymentIntent || refund.payment_intent === paymentIntent);
  }),
  // Billing portal
  {
    method: 'POST',
    pattern: /^\/v1\/billing_portal\/sessions$/,
    accepts: ['customer', 'return_url', 'configuration', 'locale', 'expand'],
    stripeAlso: ['after_expiration', 'customer_account', 'flow_data', 'on_behalf_of'],
    handler: (core, { params }) => {
      const customer = params.requiredString('customer');
      const configuration = params.string('configuration');
      return {
        body: core.portal.createPortalSession({
          customer,
          returnUrl: validUrl(params.string('return_url'), 'return_url'),
          ...(configuration ? { configuration } : {}),
          locale: params.string('locale') || null,
        }),
      };
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/billing_portal\/configurations$/,
    accepts: ['features', 'business_profile', 'default_return_url', 'login_page', 'metadata', 'name', 'expand'],
    handler: (core, { params }) => {
      const features = params.object('features');
      if (!features) params.requiredString('features');
      const base = core.portal.defaultPortalConfiguration();
      const now = core.now();
      const empty: PortalFeatures = {
        customer_update: { allowed_updates: [], enabled: false },
        invoice_history: { enabled: false },
        payment_method_update: { enabled: false, payment_method_configuration: null },
        subscription_cancel: { cancellation_reason: { enabled: false, options: [] }, enabled: false, mode: 'at_period_end', proration_behavior: 'none' },
        subscription_update: { default_allowed_updates: [], enabled: false, products: null, proration_behavior: 'none' },
      };
      const configuration = {
        id: randomId('bpc_'),
        object: 'billing_portal.configuration' as const,
        active: true,
        application: null,
        business_profile: businessProfile(params.object('business_profile'), { headline: null, privacy_policy_url: null, terms_of_service_url: null }),
        created: now,
        default_return_url: validUrl(params.string('default_return_url'), 'default_return_url'),
        features: portalFeatures(features, empty),
        is_default: base === undefined,
        livemode: false as const,
        login_page: { enabled: false, url: null as string | null },
        metadata: params.metadata() || {},
        name: params.string('name') || null,
        updated: now,
      };
      const login = params.object('login_page');
      if (login?.boolean('enabled')) configuration.login_page = { enabled: true, url: core.portal.portalLoginUrl() };
      core.state.portalConfigurations.set(configuration.id, configuration);
      return { body: configuration };
    },
  },
  list('billing_portal/configurations', 'billing_portal.configuration', ['active', 'is_default'], undefined, (core) => core.state.portalConfigurations.values(), (params) => {
    const active = params.boolean('active');
    const isDefault = params.boolean('is_default');
    return (configuration) => (active === undefined || configuration.active === active) && (isDefault === undefined || configuration.is_default === isDefault);
  }),
  retrieve('billing_portal/configurations', (core, id) => core.portal.getPortalConfiguration(id)),
  {
    method: 'POST',
    pattern: new RegExp(`^/v1/billing_portal/configurations/${ID}$`),
    accepts: ['active', 'business_profile', 'default_return_url', 'features', 'login_page', 'metadata', 'name', 'expand'],
    handler: (core, { params }, [id = '']) => {
      const configuration = core.portal.getPortalConfiguration(id);
      const active = params.boolean('active');
      if (active === false && configuration.is_default) throw new StripeApiError(400, 'You cannot deactivate the default configuration.', { param: 'active' });
      if (active !== undefined) configuration.active = active;
      configuration.business_profile = businessProfile(params.object('business_profile'), configuration.business_profile);
      if (params.has('default_return_url')) configuration.default_return_url = validUrl(params.string('default_return_url'), 'default_return_url');
      configuration.features = portalFeatures(params.object('features'), configuration.features);
      const login = params.object('login_page');
      if (login) {
        login.allowOnly(['enabled']);
        const enabled = login.boolean('enabled') ?? configuration.login_page.enabled;
        configuration.login_page = { enabled, url: enabled ? core.portal.portalLoginUrl() : null };
      }
      configuration.metadata = mergeMetadata(configuration.metadata, params.metadata());
      updateText(configuration, params, ['name']);
      configuration.updated = core.now();
      return { body: configuration };
    },
  },
  // Events
  list('events', 'event', ['type', 'types'], ['created', 'delivery_success'], (core) => core.state.events, (params) => {
    const type = params.string('type');
    const types = params.strings('types');
    const matchesType = (value: string) => (!type || (type.endsWith('*') ? value.startsWith(type.slice(0, -1)) : value === type)) && (!types || types.includes(value));
    return (event) => matchesType(event.type);
  }),
  retrieve('events', (core, id) => {
    const event = core.state.events.find((candidate) => candidate.id === id);
    if (!event) throw noSuch('event', id);
    return event;
  }),
];

function businessProfile(
  params: Params | undefined,
  current: { headline: string | null; privacy_policy_url: string | null; terms_of_service_url: string | null },
): { headline: string | null; privacy_policy_url: string | null; terms_of_service_url: string | null } {
  if (!params) return current;
  params.allowOnly(['headline', 'privacy_policy_url', 'terms_of_service_url']);
  return {
    headline: params.has('headline') ? params.string('headline') || null : current.headline,
    privacy_policy_url: params.has('privacy_policy_url') ? validUrl(params.string('privacy_policy_url'), `${params.path}[privacy_policy_url]`) : current.privacy_policy_url,
    terms_of_service_url: params.has('terms_of_service_url') ? validUrl(params.string('terms_of_service_url'), `${params.path}[terms_of_service_url]`) : current.terms_of_service_url,
  };
}


function randomCouponId(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** Runs one /v1 call. Throws StripeApiError for Stripe's error answers. */
export function handleApi(core: EmulatorCore, request: ApiRequest): ApiResult {
  let methodMismatch = false;
  for (const route of routes) {
    const match = route.pattern.exec(request.path);
    if (!match) continue;
    if (route.method !== request.method) {
      methodMismatch = true;
      continue;
    }
    checkParams(request.params, route);
    const { body, events = [] } = route.handler(core, request, match.slice(1));
    const paths = request.params.strings('expand') ?? [];
    return { status: 200, body: paths.length > 0 ? expand(core, body, paths) : structuredClone(body), events };
  }
  throw new StripeApiError(404, `Unrecognized request URL (${request.method}: ${request.path}).${methodMismatch ? ' This URL exists with another method.' : ''} Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);
}
