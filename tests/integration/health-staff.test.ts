// /api/health for staff: with an admin session it adds whether Stripe answers with the configured key
// and whether the webhook secret and mail settings are present; without one it answers as ever.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import health from '../../netlify/functions/health';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, clearStore, useDeadStore, restoreStoreEnv } from './api-helpers';
import { useDeadStripe } from './payments-harness';

const SETTINGS = ['STRIPE_SECRET_KEY', 'STRIPE_API_BASE', 'STRIPE_WEBHOOK_SECRET', 'SMTP_URL', 'SMTP_HOST', 'MAIL_FROM', 'STAFF_NOTIFY_TO'] as const;
let saved: Record<string, string | undefined> = {};
let cookie = '';

const check = (withCookie: string | undefined) => health(apiRequest('/api/health', withCookie ? { cookie: withCookie } : {}));

describe('GET /api/health with a staff session', () => {
  beforeEach(async () => {
    saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    await clearStore();
    cookie = await adminCookie();
  });
  afterEach(() => {
    for (const name of SETTINGS) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    restoreStoreEnv();
    vi.restoreAllMocks();
  });

  it('answers the public report unchanged without a session, or with a forged one', async () => {
    for (const sent of [undefined, 'admin_session=not-a-token', `${cookie}x`]) {
      const response = await check(sent);
      expect(response.status).toBe(200);
      expect(response.headers.get('vary')).toBe('Cookie');
      expect(await response.json()).toEqual({ ok: true, store: 'ok' });
    }
  });

  it('tells staff that Stripe answers with the configured key and which settings are present', async () => {
    process.env['SMTP_HOST'] = 'smtp.example.com';
    process.env['MAIL_FROM'] = 'Verona Indoor Golf <hello@example.com>';
    process.env['STAFF_NOTIFY_TO'] = 'staff@example.com';
    const response = await check(cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      ok: true,
      store: 'ok',
      staff: {
        stripe: { keyConfigured: true, answers: true, mode: 'local emulator' },
        webhookSecretConfigured: true,
        smtpConfigured: true,
        smtp: { server: true, sender: true, staffRecipient: true },
      },
    });
  });

  it('shows each missing setting on its own', async () => {
    delete process.env['STRIPE_SECRET_KEY'];
    delete process.env['STRIPE_WEBHOOK_SECRET'];
    process.env['SMTP_URL'] = 'smtp://mail.example.com:587';
    const { staff } = await (await check(cookie)).json();
    expect(staff).toEqual({
      stripe: { keyConfigured: false, answers: false, mode: 'not configured' },
      webhookSecretConfigured: false,
      smtpConfigured: false,
      smtp: { server: true, sender: false, staffRecipient: false },
    });
  });

  it('reports Stripe not answering (unreachable, or a wrong key) and still answers 200, quickly, without Stripe\'s text', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await useDeadStripe();
    const started = Date.now();
    const down = await check(cookie);
    expect(down.status).toBe(200);
    const body = await down.json();
    expect(body.staff.stripe).toEqual({ keyConfigured: true, answers: false, mode: 'local emulator' });
    expect(Date.now() - started).toBeLessThan(5_000);

    process.env['STRIPE_API_BASE'] = saved['STRIPE_API_BASE'];
    process.env['STRIPE_SECRET_KEY'] = 'sk_test_not_the_key_of_this_account';
    const wrongKey = await check(cookie);
    const text = await wrongKey.text();
    expect(JSON.parse(text).staff.stripe).toEqual({ keyConfigured: true, answers: false, mode: 'local emulator' });
    expect(text).not.toContain('sk_test_not');
  });

  it('keeps the store failure the answer and its status, with the staff part beside it', async () => {
    await useDeadStore();
    const response = await check(cookie);
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body).toMatchObject({ ok: false, store: 'unreachable', error: 'The data store is unreachable.' });
    expect(body.staff.stripe.answers).toBe(true);
  });
});
