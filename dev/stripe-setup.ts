// `npm run stripe:setup`: creates or updates, idempotently, what the site needs in the Stripe account of
// STRIPE_SECRET_KEY (STRIPE_API_BASE=http://127.0.0.1:PORT points it at the local emulator instead):
//   - one product per membership plan (id membership-{slug});
//   - one recurring price per plan and term, found by its lookup key membership_{slug}_{term}; when the
//     amount changes a new price takes over the lookup key (transfer_lookup_key) and the old one is
//     deactivated, since Stripe prices are immutable;
//   - the promotion's coupon (src/content/memberships.json promotion.couponId) while the promotion is active;
//   - the billing portal configuration: cancel at period end, payment method update, invoice history, and
//     the portal login link enabled (its URL is STRIPE_PORTAL_LOGIN_URL).
// Prints one line per thing: created, updated, replaced or unchanged. The emulator seeds itself with
// the same function, so the seeded catalogue and this script cannot drift.
import { pathToFileURL } from 'node:url';
import Stripe from 'stripe';
import { membershipCatalog } from '../src/features/memberships/catalogue';
import { site } from '../src/data/site';
import { priceLookupKey, termSavings, type MembershipCatalog } from '../src/features/memberships/rules/membership';
import { dollarsToCents } from '../src/domain/money';
import { readSiteUrl, readStripeSettings } from '../src/shared/server/env';

export type SyncAction = 'created' | 'updated' | 'replaced' | 'unchanged' | 'skipped';

export interface SyncLine {
  action: SyncAction;
  kind: 'product' | 'price' | 'coupon' | 'portal configuration';
  /** Product id, price lookup key, coupon id or portal configuration id. */
  key: string;
  /** The Stripe id now in use. */
  id: string;
  detail: string;
}

export interface SyncReport {
  lines: SyncLine[];
  /** The customer portal login link (login_page.url of the configuration), when enabled. */
  portalLoginUrl: string | null;
}

export interface SyncOptions {
  /** Business headline shown in the portal. */
  portalHeadline?: string;
  /** Where the portal's "return" link goes when a session names none (portal login link sessions). */
  portalReturnUrl?: string | null;
}

export const MANAGED_BY = 'stripe-setup';

export function productId(slug: string): string {
  return `membership-${slug}`;
}

function idOf(value: string | { id: string } | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value : value.id;
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === 'resource_missing');
}

function sameRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

/** Metadata update that also removes keys we no longer want (Stripe deletes a key set to ''). */
function metadataUpdate(current: Record<string, string>, wanted: Record<string, string>): Record<string, string> {
  const update: Record<string, string> = { ...wanted };
  for (const key of Object.keys(current)) if (!(key in wanted)) update[key] = '';
  return update;
}

function describeAmount(cents: number, currency: string, months: number): string {
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  return `${amount} every ${months === 1 ? 'month' : `${months} months`}`;
}

async function syncProducts(stripe: Stripe, catalog: MembershipCatalog, lines: SyncLine[]): Promise<void> {
  for (const plan of catalog.plans) {
    const id = productId(plan.slug);
    const wanted = { name: `${plan.tier} Membership`, description: plan.description, metadata: { tier: plan.tier, slug: plan.slug, managed_by: MANAGED_BY } };
    let existing: Stripe.Product | null = null;
    try {
      existing = await stripe.products.retrieve(id);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    if (!existing) {
      await stripe.products.create({ id, ...wanted });
      lines.push({ action: 'created', kind: 'product', key: id, id, detail: wanted.name });
      continue;
    }
    const changed = existing.name !== wanted.name || existing.description !== wanted.description || !existing.active || !sameRecord(existing.metadata, wanted.metadata);
    if (changed) {
      await stripe.products.update(id, { ...wanted, active: true, metadata: metadataUpdate(existing.metadata, wanted.metadata) });
      lines.push({ action: 'updated', kind: 'product', key: id, id, detail: wanted.name });
    } else {
      lines.push({ action: 'unchanged', kind: 'product', key: id, id, detail: wanted.name });
    }
  }
}

interface WantedPrice {
  lookupKey: string;
  product: string;
  unitAmount: number;
  months: number;
  nickname: string;
  metadata: Record<string, string>;
}

/** Every price the catalogue needs: plan × term, charged per period in cents. */
export function wantedPrices(catalog: MembershipCatalog): WantedPrice[] {
  return catalog.plans.flatMap((plan) =>
    catalog.terms.map((term) => ({
      lookupKey: priceLookupKey(plan, term.key),
      product: productId(plan.slug),
      unitAmount: dollarsToCents(termSavings(plan, term).chargePerPeriod),
      months: term.months,
      nickname: `${plan.tier} ${term.label}`,
      metadata: { tier: plan.tier, term: term.key, managed_by: MANAGED_BY },
    })),
  );
}

async function syncPrices(stripe: Stripe, catalog: MembershipCatalog, lines: SyncLine[]): Promise<void> {
  const wanted = wantedPrices(catalog);
  const currency = catalog.currency.toLowerCase();
  const byKey = new Map<string, Stripe.Price>();
  for (let index = 0; index < wanted.length; index += 10) {
    // Stripe accepts at most 10 lookup keys per list call.
    const keys = wanted.slice(index, index + 10).map((price) => price.lookupKey);
    const page = await stripe.prices.list({ lookup_keys: keys, limit: 100 });
    for (const price of page.data) if (price.lookup_key) byKey.set(price.lookup_key, price);
  }
  for (const price of wanted) {
    const existing = byKey.get(price.lookupKey);
    const amount = describeAmount(price.unitAmount, currency, price.months);
    const create = (transfer: boolean) =>
      stripe.prices.create({
        currency,
        unit_amount: price.unitAmount,
        product: price.product,
        recurring: { interval: 'month', interval_count: price.months },
        lookup_key: price.lookupKey,
        ...(transfer ? { transfer_lookup_key: true } : {}),
        nickname: price.nickname,
        metadata: price.metadata,
      });
    if (!existing) {
      const created = await create(false);
      lines.push({ action: 'created', kind: 'price', key: price.lookupKey, id: created.id, detail: `${price.nickname}: ${amount}` });
      continue;
    }
    const sameTerms =
      existing.unit_amount === price.unitAmount &&
      existing.currency === currency &&
      existing.recurring?.interval === 'month' &&
      existing.recurring.interval_count === price.months &&
      idOf(existing.product) === price.product;
    if (!sameTerms) {
      // Prices cannot change their amount: a new price takes the lookup key, the old one retires.
      const created = await create(true);
      if (existing.active) await stripe.prices.update(existing.id, { active: false });
      lines.push({ action: 'replaced', kind: 'price', key: price.lookupKey, id: created.id, detail: `${price.nickname}: ${amount} (was ${existing.id}, now inactive)` });
      continue;
    }
    if (!existing.active || existing.nickname !== price.nickname || !sameRecord(existing.metadata, price.metadata)) {
      await stripe.prices.update(existing.id, { active: true, nickname: price.nickname, metadata: metadataUpdate(existing.metadata, price.metadata) });
      lines.push({ action: 'updated', kind: 'price', key: price.lookupKey, id: existing.id, detail: `${price.nickname}: ${amount}` });
    } else {
      lines.push({ action: 'unchanged', kind: 'price', key: price.lookupKey, id: existing.id, detail: `${price.nickname}: ${amount}` });
    }
  }
}

async function syncCoupon(stripe: Stripe, catalog: MembershipCatalog, lines: SyncLine[]): Promise<void> {
  const promotion = catalog.promotion;
  const id = promotion.couponId;
  const name = promotion.name.slice(0, 40);
  const detail = `${promotion.percentOff}% off the first payment (${name})`;
  if (!promotion.active) {
    lines.push({ action: 'skipped', kind: 'coupon', key: id, id, detail: 'the promotion is not active; the checkout applies no coupon' });
    return;
  }
  let existing: Stripe.Coupon | null = null;
  try {
    existing = await stripe.coupons.retrieve(id);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  const wanted: Stripe.CouponCreateParams = { id, percent_off: promotion.percentOff, duration: 'once', name, metadata: { managed_by: MANAGED_BY } };
  if (!existing) {
    await stripe.coupons.create(wanted);
    lines.push({ action: 'created', kind: 'coupon', key: id, id, detail });
    return;
  }
  if (existing.percent_off !== promotion.percentOff || existing.amount_off !== null || existing.duration !== 'once' || !existing.valid) {
    // A coupon's discount cannot change: delete it and create it again under the same id.
    await stripe.coupons.del(id);
    await stripe.coupons.create(wanted);
    lines.push({ action: 'replaced', kind: 'coupon', key: id, id, detail });
    return;
  }
  if (existing.name !== name || existing.metadata?.['managed_by'] !== MANAGED_BY) {
    await stripe.coupons.update(id, { name, metadata: { managed_by: MANAGED_BY } });
    lines.push({ action: 'updated', kind: 'coupon', key: id, id, detail });
    return;
  }
  lines.push({ action: 'unchanged', kind: 'coupon', key: id, id, detail });
}

const CANCELLATION_REASONS: Stripe.BillingPortal.ConfigurationCreateParams.Features.SubscriptionCancel.CancellationReason.Option[] = [
  'too_expensive',
  'unused',
  'switched_service',
  'other',
];

function wantedPortal(options: SyncOptions) {
  return {
    business_profile: { headline: options.portalHeadline ?? null },
    default_return_url: options.portalReturnUrl ?? null,
    features: {
      customer_update: { enabled: true, allowed_updates: ['email', 'address', 'phone'] as Stripe.BillingPortal.ConfigurationCreateParams.Features.CustomerUpdate.AllowedUpdate[] },
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true },
      subscription_cancel: {
        enabled: true,
        mode: 'at_period_end' as const,
        proration_behavior: 'none' as const,
        cancellation_reason: { enabled: true, options: CANCELLATION_REASONS },
      },
      subscription_update: { enabled: false },
    },
    login_page: { enabled: true },
    metadata: { managed_by: MANAGED_BY },
  };
}

function portalMatches(existing: Stripe.BillingPortal.Configuration, wanted: ReturnType<typeof wantedPortal>): boolean {
  const features = existing.features;
  return (
    existing.active &&
    (existing.business_profile.headline ?? null) === wanted.business_profile.headline &&
    (existing.default_return_url ?? null) === wanted.default_return_url &&
    features.customer_update.enabled &&
    JSON.stringify([...features.customer_update.allowed_updates].sort()) === JSON.stringify([...wanted.features.customer_update.allowed_updates].sort()) &&
    features.invoice_history.enabled &&
    features.payment_method_update.enabled &&
    features.subscription_cancel.enabled &&
    features.subscription_cancel.mode === 'at_period_end' &&
    features.subscription_cancel.proration_behavior === 'none' &&
    features.subscription_cancel.cancellation_reason.enabled &&
    JSON.stringify([...features.subscription_cancel.cancellation_reason.options].sort()) === JSON.stringify([...CANCELLATION_REASONS].sort()) &&
    !features.subscription_update.enabled &&
    existing.login_page.enabled &&
    existing.metadata?.['managed_by'] === MANAGED_BY
  );
}

async function syncPortal(stripe: Stripe, options: SyncOptions, lines: SyncLine[]): Promise<string | null> {
  const wanted = wantedPortal(options);
  const configurations: Stripe.BillingPortal.Configuration[] = [];
  for await (const configuration of stripe.billingPortal.configurations.list({ limit: 100 })) configurations.push(configuration);
  // Prefer the account's default configuration (portal sessions and the login link use it), else ours.
  const existing =
    configurations.find((configuration) => configuration.is_default) ??
    configurations.find((configuration) => configuration.active && configuration.metadata?.['managed_by'] === MANAGED_BY);
  const detail = (configuration: Stripe.BillingPortal.Configuration) =>
    `cancel at period end, payment method update, invoice history; login link ${configuration.login_page.url ?? '(not enabled)'}`;
  if (!existing) {
    const created = await stripe.billingPortal.configurations.create({
      ...wanted,
      business_profile: { ...(wanted.business_profile.headline ? { headline: wanted.business_profile.headline } : {}) },
      ...(wanted.default_return_url ? { default_return_url: wanted.default_return_url } : { default_return_url: undefined }),
    });
    lines.push({ action: 'created', kind: 'portal configuration', key: created.id, id: created.id, detail: detail(created) });
    return created.login_page.url;
  }
  if (portalMatches(existing, wanted)) {
    lines.push({ action: 'unchanged', kind: 'portal configuration', key: existing.id, id: existing.id, detail: detail(existing) });
    return existing.login_page.url;
  }
  const updated = await stripe.billingPortal.configurations.update(existing.id, {
    ...wanted,
    active: true,
    business_profile: { headline: wanted.business_profile.headline ?? '' },
    default_return_url: wanted.default_return_url ?? '',
    metadata: metadataUpdate(existing.metadata ?? {}, wanted.metadata),
  });
  lines.push({ action: 'updated', kind: 'portal configuration', key: updated.id, id: updated.id, detail: detail(updated) });
  return updated.login_page.url;
}

/** Brings the Stripe account in line with the membership catalogue. Safe to run any number of times. */
export async function syncStripeCatalog(stripe: Stripe, catalog: MembershipCatalog = membershipCatalog, options: SyncOptions = {}): Promise<SyncReport> {
  const lines: SyncLine[] = [];
  await syncProducts(stripe, catalog, lines);
  await syncPrices(stripe, catalog, lines);
  await syncCoupon(stripe, catalog, lines);
  const portalLoginUrl = await syncPortal(stripe, options, lines);
  return { lines, portalLoginUrl };
}

/** The options the CLI and the emulator's seed use: the venue's name, and the site's memberships page. */
export function defaultSyncOptions(siteUrl: string | null): SyncOptions {
  return {
    portalHeadline: `${site.name}: manage your membership and billing`.slice(0, 60),
    portalReturnUrl: siteUrl ? `${siteUrl.replace(/\/+$/, '')}/memberships` : null,
  };
}

export function formatReport(report: SyncReport): string[] {
  const width = Math.max(...report.lines.map((line) => line.kind.length));
  const out = report.lines.map((line) => `${line.action.padEnd(9)} ${line.kind.padEnd(width)} ${line.key}${line.key === line.id ? '' : ` (${line.id})`}: ${line.detail}`);
  if (report.portalLoginUrl) out.push(`Customer portal login link (set STRIPE_PORTAL_LOGIN_URL to it): ${report.portalLoginUrl}`);
  return out;
}

/** A Stripe client for a secret key and, for local runs, an API base such as http://127.0.0.1:12111. */
export function stripeClient(secretKey: string, apiBase: URL | null): Stripe {
  if (!apiBase) return new Stripe(secretKey, { maxNetworkRetries: 2 });
  const protocol = apiBase.protocol === 'https:' ? 'https' : 'http';
  return new Stripe(secretKey, {
    host: apiBase.hostname,
    port: apiBase.port || (protocol === 'https' ? 443 : 80),
    protocol,
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

async function main(): Promise<void> {
  const settings = readStripeSettings();
  if (!settings) {
    console.error(
      'STRIPE_SECRET_KEY is not set. Run: STRIPE_SECRET_KEY=sk_… npm run stripe:setup\n' +
        '(for the local emulator add STRIPE_API_BASE=http://127.0.0.1:<port> and its secret key).',
    );
    process.exitCode = 1;
    return;
  }
  const target = settings.apiBase ? `the Stripe emulator at ${settings.apiBase.origin}` : `Stripe (${settings.secretKey.startsWith('sk_live_') || settings.secretKey.startsWith('rk_live_') ? 'LIVE mode' : 'test mode'})`;
  console.log(`Syncing the membership catalogue to ${target}…`);
  const report = await syncStripeCatalog(stripeClient(settings.secretKey, settings.apiBase), membershipCatalog, defaultSyncOptions(readSiteUrl()));
  for (const line of formatReport(report)) console.log(line);
  const counts = report.lines.reduce<Record<string, number>>((acc, line) => ({ ...acc, [line.action]: (acc[line.action] ?? 0) + 1 }), {});
  console.log(`Done: ${Object.entries(counts).map(([action, count]) => `${count} ${action}`).join(', ')}.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    const message = error instanceof Stripe.errors.StripeError ? `${error.statusCode ? `Stripe answered ${error.statusCode}` : 'no answer from Stripe'} (${error.type}): ${error.message}` : error instanceof Error ? error.stack ?? error.message : String(error);
    console.error(`stripe:setup failed: ${message}`);
    process.exitCode = 1;
  });
}
