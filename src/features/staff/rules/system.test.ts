import { describe, expect, it } from 'vitest';
import { readSystemSettings } from '../../../shared/server/env';
import { configurationChecks, paymentModeLabel, systemInfo as infoFor } from './system';

const systemInfo = (env: NodeJS.ProcessEnv) => infoFor(readSystemSettings(env));

describe('system information', () => {
  it('tells the store from the REST URL', () => {
    expect(systemInfo({}).store).toBe('Not configured');
    expect(systemInfo({ UPSTASH_REDIS_REST_URL: 'http://127.0.0.1:8079' }).store).toBe('Local Redis (Upstash REST bridge)');
    expect(systemInfo({ UPSTASH_REDIS_REST_URL: 'http://localhost:8079' }).store).toBe('Local Redis (Upstash REST bridge)');
    expect(systemInfo({ UPSTASH_REDIS_REST_URL: 'https://eu1-good-cat-123.upstash.io' }).store).toBe('Upstash Redis');
  });

  it('tells live, test and the local emulator apart', () => {
    expect(systemInfo({}).payments).toBe('not configured');
    expect(systemInfo({ STRIPE_SECRET_KEY: 'sk_live_abc' }).payments).toBe('live');
    expect(systemInfo({ STRIPE_SECRET_KEY: 'rk_live_abc' }).payments).toBe('live');
    expect(systemInfo({ STRIPE_SECRET_KEY: 'sk_test_abc' }).payments).toBe('test');
    expect(systemInfo({ STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_API_BASE: 'http://127.0.0.1:12111' }).payments).toBe('local emulator');
    expect(paymentModeLabel('local emulator')).toBe('Local emulator');
  });
});

describe('configuration checks', () => {
  const healthy = {
    stripe: { keyConfigured: true, answers: true, mode: 'test' as const },
    webhookSecretConfigured: true,
    smtpConfigured: true,
    smtp: { server: true, sender: true, staffRecipient: true },
  };

  it('reads all fine when everything is set and Stripe answers', () => {
    expect(configurationChecks(healthy)).toEqual([
      { id: 'stripe', label: 'Stripe', ok: true, detail: 'Answers with the configured key (test).' },
      { id: 'webhook', label: 'Stripe webhook secret', ok: true, detail: 'Set.' },
      { id: 'mail', label: 'Mail (SMTP)', ok: true, detail: 'Server, sender and staff address set.' },
    ]);
  });

  it('names what is missing, and tells a key Stripe refuses from one that is not set', () => {
    const checks = configurationChecks({
      stripe: { keyConfigured: true, answers: false, mode: 'live' },
      webhookSecretConfigured: false,
      smtpConfigured: false,
      smtp: { server: false, sender: true, staffRecipient: false },
    });
    expect(checks.map((check) => [check.ok, check.detail])).toEqual([
      [false, 'Does not answer with the configured key: check STRIPE_SECRET_KEY, or Stripe is unreachable.'],
      [false, 'Not set: STRIPE_WEBHOOK_SECRET.'],
      [false, 'Not set: SMTP_URL or SMTP_HOST, STAFF_NOTIFY_TO.'],
    ]);
    expect(configurationChecks({ ...healthy, stripe: { keyConfigured: false, answers: false, mode: 'not configured' } })[0]!.detail).toBe('Not set: STRIPE_SECRET_KEY.');
  });
});
