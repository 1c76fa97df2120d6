import { describe, expect, it } from 'vitest';
import { readSystemSettings } from '../../server/env';
import { paymentModeLabel, systemInfo as infoFor } from './system';

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
