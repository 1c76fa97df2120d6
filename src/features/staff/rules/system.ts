/**
 * The system information block of /admin/database: which store and which payment mode this
 * deployment runs on, told from its settings without revealing any of them.
 */
import type { SystemInfo } from '../contract/admin-database-stats';
import type { StaffHealth } from '../../../shared/contract/health';

export type { SystemInfo };
export type PaymentMode = SystemInfo['payments'];

function isLoopbackHost(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || host.startsWith('127.') || host.endsWith('.localhost');
  } catch {
    return false;
  }
}

/** The kind of store and payment mode the settings point at (their values are read, never returned). */
export function systemInfo(settings: { storeUrl: string | null; stripeSecretKey: string | null; stripeApiBase: string | null }): SystemInfo {
  const { storeUrl, stripeSecretKey: key } = settings;
  const store = !storeUrl ? 'Not configured' : isLoopbackHost(storeUrl) ? 'Local Redis (Upstash REST bridge)' : 'Upstash Redis';
  let payments: PaymentMode;
  if (!key) payments = 'not configured';
  else if (settings.stripeApiBase) payments = 'local emulator';
  else payments = /^(sk|rk)_live_/.test(key) ? 'live' : 'test';
  return { store, payments };
}

/** "Live", "Test", "Local emulator", "Not configured". */
export function paymentModeLabel(mode: PaymentMode): string {
  return mode[0]!.toUpperCase() + mode.slice(1);
}

/** One line of the configuration checks on /admin/database: what was checked, whether it is fine, and what that means. */
export interface ConfigurationCheck {
  id: 'stripe' | 'webhook' | 'mail';
  label: string;
  ok: boolean;
  detail: string;
}

const missing = (names: string[]) => `Not set: ${names.join(', ')}.`;

/** The staff part of /api/health as the lines staff read: a misconfigured deploy shows here first. */
export function configurationChecks(staff: StaffHealth): ConfigurationCheck[] {
  const { stripe, smtp } = staff;
  const mailMissing = [...(smtp.server ? [] : ['SMTP_URL or SMTP_HOST']), ...(smtp.sender ? [] : ['MAIL_FROM']), ...(smtp.staffRecipient ? [] : ['STAFF_NOTIFY_TO'])];
  return [
    {
      id: 'stripe',
      label: 'Stripe',
      ok: stripe.answers,
      detail: !stripe.keyConfigured
        ? missing(['STRIPE_SECRET_KEY'])
        : stripe.answers
          ? `Answers with the configured key (${paymentModeLabel(stripe.mode).toLowerCase()}).`
          : 'Does not answer with the configured key: check STRIPE_SECRET_KEY, or Stripe is unreachable.',
    },
    { id: 'webhook', label: 'Stripe webhook secret', ok: staff.webhookSecretConfigured, detail: staff.webhookSecretConfigured ? 'Set.' : missing(['STRIPE_WEBHOOK_SECRET']) },
    { id: 'mail', label: 'Mail (SMTP)', ok: staff.smtpConfigured, detail: staff.smtpConfigured ? 'Server, sender and staff address set.' : missing(mailMissing) },
  ];
}
