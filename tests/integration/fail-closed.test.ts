// Issue 7 point 3: on a deployed site (Netlify sets SITE_ID for its functions) a missing secret makes
// the functions that need it answer 503 with a message a visitor can read, and log one line naming the
// variable; local conveniences (ADMIN_PASSWORD, a derived JWT secret, STRIPE_API_BASE) are refused.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import adminMembers from '../../netlify/functions/admin-members';
import login from '../../netlify/functions/admin-auth-login';
import verify from '../../netlify/functions/admin-auth-verify';
import portalLoginLink from '../../netlify/functions/portal-login-link';
import membershipCheckout from '../../netlify/functions/membership-checkout';
import eventRequest from '../../netlify/functions/event-request';
import health from '../../netlify/functions/health';
import bayBooking from '../../netlify/functions/bay-booking';
import bayHold from '../../netlify/functions/bay-hold';
import { BOOKING_UNCONFIGURED_MESSAGE } from '../../src/features/bay-booking/server/link-token';
import { nextBookableDay } from '../support/bay-dates';
import stripeWebhook from '../../netlify/functions/stripe-webhook';
import { hashPassword } from '../../src/features/staff/server/password';
import { ADMIN_UNCONFIGURED_MESSAGE } from '../../src/features/staff/server/session';
import { PAYMENTS_UNCONFIGURED_MESSAGE, STORE_UNAVAILABLE_MESSAGE } from '../../src/shared/server/handle';
import { ADMIN_TEST_PASSWORD, apiRequest, clearStore, withRedis } from './api-helpers';
import { sampleBooking } from '../support/sample-requests';

const PRODUCTION_PASSWORD = 'production-staff-password';
const saved = { ...process.env };
let productionHash: string;
let errors: MockInstance<(...args: unknown[]) => void>;

/** A complete production configuration: the deployed site's SITE_ID, every secret, no local stand-in. */
async function useProductionSettings(): Promise<void> {
  productionHash ??= await hashPassword(PRODUCTION_PASSWORD, { N: 1024, r: 8, p: 1 });
  process.env['SITE_ID'] = 'fail-closed-test-site';
  process.env['ADMIN_PASSWORD_HASH'] = productionHash;
  process.env['ADMIN_JWT_SECRET'] = 'j'.repeat(48);
  process.env['BOOKING_LINK_SECRET'] = 'b'.repeat(48);
  // Present, so that the tests show it is ignored rather than missing.
  process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
  delete process.env['STRIPE_API_BASE'];
  delete process.env['CALENDAR_NOW'];
  delete process.env['NETLIFY_LOCAL'];
}

const loginWith = (password: string) => login(apiRequest('/api/admin/auth/login', { body: { password } }), { ip: '198.51.100.90' });

/** The answer is the 503 a visitor sees, and the log has one line naming the variable. */
async function expectFailClosed(response: Response, variable: string, message: string): Promise<void> {
  expect(response.status).toBe(503);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = (await response.json()) as { error?: unknown };
  expect(body.error).toBe(message);
  expect(JSON.stringify(body)).not.toContain(variable);
  const lines = errors.mock.calls.map((call) => call.map(String).join(' '));
  expect(lines.filter((line) => line.includes(variable)), `log lines: ${JSON.stringify(lines)}`).toHaveLength(1);
  for (const line of lines) expect(line).not.toContain('\n');
  errors.mockClear();
}

describe('a deployed site fails closed without its secrets', () => {
  beforeEach(async () => {
    await clearStore();
    await useProductionSettings();
    errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
    vi.restoreAllMocks();
  });

  it('works with every setting present (the control for the cases below)', async () => {
    expect((await loginWith(PRODUCTION_PASSWORD)).status).toBe(200);
    expect((await health(apiRequest('/api/health'))).status).toBe(200);
    expect(errors).not.toHaveBeenCalled();
  });

  it('UPSTASH_REDIS_REST_URL: store-backed functions answer 503', async () => {
    delete process.env['UPSTASH_REDIS_REST_URL'];
    await expectFailClosed(await eventRequest(apiRequest('/api/event-booking', { body: sampleBooking('fail-closed') }), { ip: '198.51.100.91' }), 'UPSTASH_REDIS_REST_URL', STORE_UNAVAILABLE_MESSAGE);
  });

  it('UPSTASH_REDIS_REST_TOKEN: store-backed functions and the health check answer 503', async () => {
    delete process.env['UPSTASH_REDIS_REST_TOKEN'];
    const memberLogin = await portalLoginLink(apiRequest('/api/create-portal-session-by-email', { body: { email: 'member@example.com' } }), { ip: '198.51.100.92' });
    await expectFailClosed(memberLogin, 'UPSTASH_REDIS_REST_TOKEN', STORE_UNAVAILABLE_MESSAGE);
    await expectFailClosed(await health(apiRequest('/api/health')), 'UPSTASH_REDIS_REST_TOKEN', 'The data store is not configured.');
  });

  it('STRIPE_SECRET_KEY: checkout answers 503 before calling anyone', async () => {
    delete process.env['STRIPE_SECRET_KEY'];
    const response = await membershipCheckout(apiRequest('/api/create-subscription', { body: { membershipTier: 'Bogey', billingTerm: '3-month' } }));
    await expectFailClosed(response, 'STRIPE_SECRET_KEY', PAYMENTS_UNCONFIGURED_MESSAGE);
  });

  it('STRIPE_API_BASE: a local Stripe stand-in is refused, never used', async () => {
    process.env['STRIPE_API_BASE'] = 'http://127.0.0.1:9';
    const response = await membershipCheckout(apiRequest('/api/create-subscription', { body: { membershipTier: 'Bogey', billingTerm: '3-month' } }));
    await expectFailClosed(response, 'STRIPE_API_BASE', PAYMENTS_UNCONFIGURED_MESSAGE);
  });

  it('STRIPE_WEBHOOK_SECRET: the webhook answers 503 (Stripe retries) instead of trusting unsigned events', async () => {
    delete process.env['STRIPE_WEBHOOK_SECRET'];
    const response = await stripeWebhook(
      new Request('http://localhost/api/stripe-webhook', { method: 'POST', headers: { 'stripe-signature': 't=1,v1=abc' }, body: '{"id":"evt_1"}' }),
    );
    await expectFailClosed(response, 'STRIPE_WEBHOOK_SECRET', 'Webhook endpoint is not configured.');
  });

  it('ADMIN_JWT_SECRET: sign-in and every admin call answer 503, even with the right password or no cookie', async () => {
    delete process.env['ADMIN_JWT_SECRET'];
    await expectFailClosed(await loginWith(PRODUCTION_PASSWORD), 'ADMIN_JWT_SECRET', ADMIN_UNCONFIGURED_MESSAGE);
    await expectFailClosed(await loginWith('a wrong password'), 'ADMIN_JWT_SECRET', ADMIN_UNCONFIGURED_MESSAGE);
    await expectFailClosed(await adminMembers(apiRequest('/api/admin/members')), 'ADMIN_JWT_SECRET', ADMIN_UNCONFIGURED_MESSAGE);
  });

  it('ADMIN_PASSWORD_HASH: sign-in answers 503 and ADMIN_PASSWORD is not a fallback', async () => {
    delete process.env['ADMIN_PASSWORD_HASH'];
    await expectFailClosed(await loginWith(ADMIN_TEST_PASSWORD), 'ADMIN_PASSWORD_HASH', ADMIN_UNCONFIGURED_MESSAGE);
    await expectFailClosed(await verify(apiRequest('/api/admin/auth/verify')), 'ADMIN_PASSWORD_HASH', ADMIN_UNCONFIGURED_MESSAGE);
  });

  it('BOOKING_LINK_SECRET: the booking links and the hold answer 503, and nothing is held', async () => {
    delete process.env['BOOKING_LINK_SECRET'];
    const id = '00000000-0000-4000-8000-000000000000';
    await expectFailClosed(await bayBooking(apiRequest(`/api/bay-booking/${id}/${'x'.repeat(32)}`), { params: { id, token: 'x'.repeat(32) } }), 'BOOKING_LINK_SECRET', BOOKING_UNCONFIGURED_MESSAGE);
    const body = { date: nextBookableDay('Friday'), start: '18:00', lengthMinutes: 60, partySize: 2, bayType: 'large', name: 'Robin Fairway', email: 'robin@example.com', phone: '608-555-0142' };
    await expectFailClosed(await bayHold(apiRequest('/api/bay-hold', { body })), 'BOOKING_LINK_SECRET', BOOKING_UNCONFIGURED_MESSAGE);
    expect(await withRedis((client) => client.keys('bay:*'))).toEqual([]);
  });
});
