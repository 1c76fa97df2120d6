import { describe, expect, it, vi } from 'vitest';
import { isProduction, priceOverrideVariable, readAdminAuthSettings, readCommitRef, readPriceOverride, readStripeSettings } from './env';
import { getStripe, PaymentsUnconfiguredError, stripeConfig } from '../payments/stripe-client';

describe('payment settings', () => {
  it('names the price overrides STRIPE_PRICE_{SLUG}_{TERM}', () => {
    expect(priceOverrideVariable('bogey-plus', '12-month')).toBe('STRIPE_PRICE_BOGEY_PLUS_12_MONTH');
    expect(priceOverrideVariable('practice', '1-month')).toBe('STRIPE_PRICE_PRACTICE_1_MONTH');
    expect(readPriceOverride('bogey-plus', '12-month', { STRIPE_PRICE_BOGEY_PLUS_12_MONTH: ' price_123 ' })).toBe('price_123');
    expect(readPriceOverride('practice', '1-month', { STRIPE_PRICE_PRACTICE_1_MONTH: '' })).toBeNull();
  });

  it("shortens Netlify's COMMIT_REF", () => {
    expect(readCommitRef({ COMMIT_REF: 'abcdef1234567' })).toBe('abcdef1');
    expect(readCommitRef({})).toBeNull();
  });

  it('points the SDK at STRIPE_API_BASE on local runs only', () => {
    const settings = readStripeSettings({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_API_BASE: 'http://127.0.0.1:4010' });
    expect(settings && stripeConfig(settings)).toMatchObject({ host: '127.0.0.1', port: '4010', protocol: 'http' });
    expect(readStripeSettings({})).toBeNull();
    expect(() => readStripeSettings({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_API_BASE: 'http://127.0.0.1:4010', CONTEXT: 'production' })).toThrow(/refused in production/);
    expect(() => readStripeSettings({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_API_BASE: 'http://x', NODE_ENV: 'production' })).toThrow();
  });

  it('counts a deployed site as production: Netlify gives its functions SITE_ID, its local runtime sets NETLIFY_LOCAL', () => {
    expect(isProduction({ SITE_ID: '1d01c0c0-4554-4747-93b8-34ce3448ab95' })).toBe(true);
    expect(isProduction({ SITE_ID: '1d01c0c0-4554-4747-93b8-34ce3448ab95', NETLIFY_LOCAL: 'true', CONTEXT: 'dev' })).toBe(false);
    expect(isProduction({ NETLIFY_LOCAL: 'true', CONTEXT: 'dev' })).toBe(false);
    expect(isProduction({})).toBe(false);
    expect(readAdminAuthSettings({ ADMIN_PASSWORD: 'pw', SITE_ID: 'site' }).password).toBeNull();
    expect(() => readStripeSettings({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_API_BASE: 'http://127.0.0.1:4010', SITE_ID: 'site' })).toThrow(/STRIPE_API_BASE/);
  });

  it('ignores ADMIN_PASSWORD in production', () => {
    expect(isProduction({ CONTEXT: 'deploy-preview' })).toBe(false);
    expect(readAdminAuthSettings({ ADMIN_PASSWORD: 'pw' }).password).toBe('pw');
    expect(readAdminAuthSettings({ ADMIN_PASSWORD: 'pw', NODE_ENV: 'production' }).password).toBeNull();
  });
});

describe('getStripe', () => {
  it('refuses to run without a key, or with a local API base in production', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => getStripe({})).toThrow(PaymentsUnconfiguredError);
    expect(() => getStripe({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_API_BASE: 'http://127.0.0.1:1', CONTEXT: 'production' })).toThrow(PaymentsUnconfiguredError);
    expect(getStripe({ STRIPE_SECRET_KEY: 'sk_test_x' })).toBe(getStripe({ STRIPE_SECRET_KEY: 'sk_test_x' }));
    spy.mockRestore();
  });
});
