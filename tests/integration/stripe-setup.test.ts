// `stripe:setup` (dev/stripe-setup.ts) against the local Stripe emulator: it creates the membership
// catalogue on an empty account, leaves a synced one unchanged, replaces a changed price, and runs as
// the npm script.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomSecrets, startStripeEmulator, type StripeEmulator } from '../../dev/stripe-emulator';
import { defaultSyncOptions, syncStripeCatalog } from '../../dev/stripe-setup';
import { membershipCatalog } from '../../src/features/memberships/catalogue';
import { sdk } from './stripe-emulator-support';

describe('stripe:setup against the emulator', () => {
  let emulator: StripeEmulator;
  // What the CLI uses when SITE_URL is unset.
  const options = defaultSyncOptions(null);

  beforeAll(async () => {
    emulator = await startStripeEmulator({ ...randomSecrets(), seedCatalog: false });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  it('creates everything on an empty account, then reports everything unchanged', async () => {
    const stripe = sdk(emulator);
    expect((await stripe.prices.list()).data).toEqual([]);
    const first = await syncStripeCatalog(stripe, membershipCatalog, options);
    const actions = first.lines.map((line) => `${line.action} ${line.kind}`);
    expect(actions.filter((line) => line === 'created product')).toHaveLength(3);
    expect(actions.filter((line) => line === 'created price')).toHaveLength(12);
    expect(actions).toContain('created coupon');
    // The account's default portal configuration exists (Dashboard defaults) and is brought in line.
    expect(actions).toContain('updated portal configuration');
    expect(first.portalLoginUrl).toBe(`${emulator.url}/portal-login`);

    const second = await syncStripeCatalog(stripe, membershipCatalog, options);
    expect(second.lines).toHaveLength(first.lines.length);
    expect(second.lines.every((line) => line.action === 'unchanged')).toBe(true);
  });

  it('replaces a price whose amount changed: the new price takes the lookup key, the old one is deactivated', async () => {
    const stripe = sdk(emulator);
    const changed = structuredClone(membershipCatalog);
    const practice = changed.plans.find((plan) => plan.tier === 'Practice');
    if (!practice) throw new Error('no Practice plan');
    practice.monthlyRates['1-month'] += 10;
    const [before] = (await stripe.prices.list({ lookup_keys: ['membership_practice_1-month'] })).data;
    const report = await syncStripeCatalog(stripe, changed, options);
    expect(report.lines.filter((line) => line.action !== 'unchanged').map((line) => `${line.action} ${line.key}`)).toEqual(['replaced membership_practice_1-month']);
    const [after] = (await stripe.prices.list({ lookup_keys: ['membership_practice_1-month'] })).data;
    expect(after?.id).not.toBe(before?.id);
    expect(after?.unit_amount).toBe((before?.unit_amount as number) + 1000);
    expect(await stripe.prices.retrieve(before?.id as string)).toMatchObject({ active: false, lookup_key: null });
    // Back to the catalogue: replaced again, then stable.
    await syncStripeCatalog(stripe, membershipCatalog, options);
    expect((await syncStripeCatalog(stripe, membershipCatalog, options)).lines.every((line) => line.action === 'unchanged')).toBe(true);
  });

  it('runs as `npm run stripe:setup` with STRIPE_API_BASE and prints one line per thing', async () => {
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'dev/stripe-setup.ts'], {
      env: { ...process.env, STRIPE_SECRET_KEY: emulator.secretKey, STRIPE_API_BASE: emulator.url, NODE_ENV: 'development', SITE_URL: '' },
      timeout: 60_000,
    });
    const lines = stdout.trim().split('\n');
    expect(stdout).not.toMatch(/^(created|updated|replaced)/m);
    expect(lines[0]).toBe(`Syncing the membership catalogue to the Stripe emulator at ${emulator.url}…`);
    expect(lines.filter((line) => /^unchanged +price +membership_[a-z-]+_\d+-month \(price_\w+\): /.test(line))).toHaveLength(12);
    expect(lines.filter((line) => line.startsWith('unchanged'))).toHaveLength(17);
    expect(lines).toContain(`Customer portal login link (set STRIPE_PORTAL_LOGIN_URL to it): ${emulator.url}/portal-login`);
    expect(lines.at(-1)).toBe('Done: 17 unchanged.');
  }, 60_000);
});
