/**
 * The system information block of /admin/database: which store and which payment mode this
 * deployment runs on, told from its settings without revealing any of them.
 */
export type PaymentMode = 'live' | 'test' | 'local emulator' | 'not configured';

export interface SystemInfo {
  /** "Upstash Redis" or "Local Redis (Upstash REST bridge)"; "Not configured" without settings. */
  store: string;
  payments: PaymentMode;
}

function isLoopbackHost(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || host.startsWith('127.') || host.endsWith('.localhost');
  } catch {
    return false;
  }
}

/** From the environment's names only (values are read, never returned). */
export function systemInfo(env: Readonly<Record<string, string | undefined>>): SystemInfo {
  const storeUrl = env['UPSTASH_REDIS_REST_URL']?.trim();
  const store = !storeUrl ? 'Not configured' : isLoopbackHost(storeUrl) ? 'Local Redis (Upstash REST bridge)' : 'Upstash Redis';
  const key = env['STRIPE_SECRET_KEY']?.trim();
  let payments: PaymentMode;
  if (!key) payments = 'not configured';
  else if (env['STRIPE_API_BASE']?.trim()) payments = 'local emulator';
  else payments = /^(sk|rk)_live_/.test(key) ? 'live' : 'test';
  return { store, payments };
}

/** "Live", "Test", "Local emulator", "Not configured". */
export function paymentModeLabel(mode: PaymentMode): string {
  return mode[0]!.toUpperCase() + mode.slice(1);
}
