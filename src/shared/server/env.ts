/**
 * Server configuration read from the environment, in one place. Functions read settings only here.
 */
export interface StoreConfig {
  url: string;
  token: string;
}

/** The variables of the store's settings. */
export const STORE_VARIABLES = ['UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN'] as const;

/** The Upstash REST endpoint and token, or null when they are not set. */
export function readStoreConfig(env: NodeJS.ProcessEnv = process.env): StoreConfig | null {
  const url = env['UPSTASH_REDIS_REST_URL']?.trim();
  const token = env['UPSTASH_REDIS_REST_TOKEN']?.trim();
  if (!url || !token) return null;
  return { url, token };
}

/** Which of the store's variables are not set. */
export function missingStoreVariables(env: NodeJS.ProcessEnv = process.env): string[] {
  return STORE_VARIABLES.filter((name) => !env[name]?.trim());
}

/** Milliseconds a store call may take before the request fails with 503. */
export const STORE_TIMEOUT_MS = 5_000;

/**
 * Whether the functions run on a deployed site (production, deploy preview or branch deploy), where
 * local-only conveniences (ADMIN_PASSWORD, a derived JWT secret, a local Stripe API base) are refused
 * and a missing secret fails closed.
 *
 * Netlify gives deployed functions SITE_ID (with SITE_NAME and URL, its only read-only variables at run
 * time: CONTEXT exists during the build only), and its local tooling, which serves `npm start` and
 * `npm run dev`, marks itself NETLIFY_LOCAL=true. NODE_ENV=production or CONTEXT=production also make
 * a run behave as production.
 */
export function isProduction(env: NodeJS.ProcessEnv = process.env): boolean {
  const deployed = Boolean(env['SITE_ID']?.trim()) && env['NETLIFY_LOCAL'] !== 'true';
  return deployed || env['NODE_ENV'] === 'production' || env['CONTEXT'] === 'production';
}

/**
 * BUILD_HOOK_URL: the Netlify build hook the daily rebuild calls (Site configuration → Build & deploy →
 * Build hooks), or null. A secret: anyone with it can start builds.
 */
export function readBuildHookUrl(env: NodeJS.ProcessEnv = process.env): URL | null {
  const value = env['BUILD_HOOK_URL']?.trim();
  if (!value) return null;
  const url = new URL(value);
  if (url.protocol !== 'https:' && isProduction(env)) throw new Error('BUILD_HOOK_URL must be an https address');
  return url;
}

/** Public address of the site (SITE_URL, else Netlify's URL), without a trailing slash; null when unset. */
export function readSiteUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  const value = (env['SITE_URL'] ?? env['URL'])?.trim();
  return value ? value.replace(/\/+$/, '') : null;
}

export interface StripeSettings {
  /** STRIPE_SECRET_KEY. */
  secretKey: string;
  /** STRIPE_API_BASE: a local Stripe-compatible server (the emulator); never honoured in production. */
  apiBase: URL | null;
}

/** STRIPE_SECRET_KEY (+ STRIPE_API_BASE for local runs), or null when no key is set. */
export function readStripeSettings(env: NodeJS.ProcessEnv = process.env): StripeSettings | null {
  const secretKey = env['STRIPE_SECRET_KEY']?.trim();
  if (!secretKey) return null;
  const base = env['STRIPE_API_BASE']?.trim();
  if (!base) return { secretKey, apiBase: null };
  if (isProduction(env)) throw new Error('STRIPE_API_BASE is set: it is for local runs only and is refused in production');
  return { secretKey, apiBase: new URL(base) };
}

/** STRIPE_WEBHOOK_SECRET (whsec_…), or null. */
export function readStripeWebhookSecret(env: NodeJS.ProcessEnv = process.env): string | null {
  return env['STRIPE_WEBHOOK_SECRET']?.trim() || null;
}

/** STRIPE_PORTAL_LOGIN_URL: the customer portal's login link (Stripe Dashboard → Customer portal), or null. */
export function readPortalLoginUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  return env['STRIPE_PORTAL_LOGIN_URL']?.trim() || null;
}

/**
 * Name of the environment variable that overrides the Stripe price of a plan and term:
 * STRIPE_PRICE_{SLUG}_{TERM}, e.g. STRIPE_PRICE_BOGEY_PLUS_12_MONTH.
 */
export function priceOverrideVariable(slug: string, term: string): string {
  const part = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  return `STRIPE_PRICE_${part(slug)}_${part(term)}`;
}

/** The Stripe price id pinned for a plan and term by STRIPE_PRICE_{SLUG}_{TERM}, or null. */
export function readPriceOverride(slug: string, term: string, env: NodeJS.ProcessEnv = process.env): string | null {
  return env[priceOverrideVariable(slug, term)]?.trim() || null;
}

/** The commit Netlify builds (COMMIT_REF), shortened to 7 characters; null outside Netlify. */
export function readCommitRef(env: NodeJS.ProcessEnv = process.env): string | null {
  return env['COMMIT_REF']?.trim().slice(0, 7) || null;
}

/** Which store and payment service this deployment is set up for (the staff's system block tells their kind, never their values). */
export interface SystemSettings {
  storeUrl: string | null;
  stripeSecretKey: string | null;
  stripeApiBase: string | null;
}

export function readSystemSettings(env: NodeJS.ProcessEnv = process.env): SystemSettings {
  return {
    storeUrl: env['UPSTASH_REDIS_REST_URL']?.trim() || null,
    stripeSecretKey: env['STRIPE_SECRET_KEY']?.trim() || null,
    stripeApiBase: env['STRIPE_API_BASE']?.trim() || null,
  };
}

/**
 * Whether the mail settings are present (never their values): an SMTP server (SMTP_URL, or
 * SMTP_HOST), the sender (MAIL_FROM) and the staff's address for notifications (STAFF_NOTIFY_TO).
 */
export interface MailSettingsPresence {
  server: boolean;
  sender: boolean;
  staffRecipient: boolean;
}

export function readMailSettingsPresence(env: NodeJS.ProcessEnv = process.env): MailSettingsPresence {
  const set = (name: string) => Boolean(env[name]?.trim());
  return { server: set('SMTP_URL') || set('SMTP_HOST'), sender: set('MAIL_FROM'), staffRecipient: set('STAFF_NOTIFY_TO') };
}

export interface AdminAuthSettings {
  /** ADMIN_PASSWORD_HASH (scrypt$N$r$p$salt$hash), printed by `npm run admin:hash`. */
  passwordHash: string | null;
  /** ADMIN_PASSWORD: local runs only (ignored in production). */
  password: string | null;
  /** ADMIN_JWT_SECRET; required in production. */
  jwtSecret: string | null;
  production: boolean;
}

export function readAdminAuthSettings(env: NodeJS.ProcessEnv = process.env): AdminAuthSettings {
  const production = isProduction(env);
  return {
    passwordHash: env['ADMIN_PASSWORD_HASH']?.trim() || null,
    password: production ? null : env['ADMIN_PASSWORD'] || null,
    jwtSecret: env['ADMIN_JWT_SECRET']?.trim() || null,
    production,
  };
}

/**
 * EVENT_BOOKING_RATE_LIMIT: event booking requests, and bay holds (counted apart), allowed per client IP per 10 minutes (default 10).
 * Raise it for load tests from one address; never 0.
 */
export function readEventRequestRateLimit(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env['EVENT_BOOKING_RATE_LIMIT']?.trim());
  return Number.isInteger(value) && value > 0 ? value : 10;
}

/**
 * BAY_UNPAID_HOLDS_PER_VISITOR: unpaid bay holds one visitor (connection address, e-mail) may have at
 * once (default 2). Raise it for load tests from one address; never 0.
 */
export function readUnpaidHoldsPerVisitor(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env['BAY_UNPAID_HOLDS_PER_VISITOR']?.trim());
  return Number.isInteger(value) && value > 0 ? value : 2;
}

/** Outgoing mail: the SMTP server (SMTP_URL, or SMTP_HOST/PORT/USER/PASSWORD), the sender and the staff's addresses. */
export interface MailSettings {
  /** nodemailer's connection: an smtp(s):// URL or host/port/auth; null when no server is configured. */
  smtp: string | { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } } | null;
  /** MAIL_FROM, e.g. `"Verona Indoor Golf" <events@veronagolf.com>`; null → the site's name and e-mail. */
  from: string | null;
  /** STAFF_NOTIFY_TO: one or more addresses (comma-separated); empty → the site's e-mail. */
  staffTo: string | null;
}

export function readMailSettings(env: NodeJS.ProcessEnv = process.env): MailSettings {
  const url = env['SMTP_URL']?.trim();
  const host = env['SMTP_HOST']?.trim();
  const port = Number(env['SMTP_PORT']?.trim() || 587);
  const user = env['SMTP_USER']?.trim();
  const pass = env['SMTP_PASSWORD'] ?? '';
  const smtp = url || (host ? { host, port, secure: port === 465, ...(user ? { auth: { user, pass } } : {}) } : null);
  return { smtp, from: env['MAIL_FROM']?.trim() || null, staffTo: env['STAFF_NOTIFY_TO']?.trim() || null };
}

export interface MemberSessionSettings {
  /** MEMBER_SESSION_SECRET: signs member sessions; required in production. */
  secret: string | null;
  production: boolean;
}

export function readMemberSessionSettings(env: NodeJS.ProcessEnv = process.env): MemberSessionSettings {
  return { secret: env['MEMBER_SESSION_SECRET']?.trim() || null, production: isProduction(env) };
}
