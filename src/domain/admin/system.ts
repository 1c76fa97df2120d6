/**
 * The system information block of /admin/database: which store and which payment mode this
 * deployment runs on, told from its settings without revealing any of them.
 */
import type { SystemInfo } from '../api/admin-database-stats';

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
