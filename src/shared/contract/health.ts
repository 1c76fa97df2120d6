/**
 * GET /api/health: whether the store answered a round trip (200), or why not (503), for uptime
 * monitors and a deploying developer. With a staff session it adds `staff`: whether Stripe answers
 * with the configured key and whether the webhook secret and the mail settings are present, so a
 * misconfigured deploy shows on /admin/database; it never changes the status.
 */
import * as z from 'zod/mini';
import { endpoint } from './endpoint';

/** Which Stripe this deployment talks to, told from its settings. */
export const paymentMode = z.enum(['live', 'test', 'local emulator', 'not configured']);

export const staffHealth = z.object({
  stripe: z.object({
    /** STRIPE_SECRET_KEY is set. */
    keyConfigured: z.boolean(),
    /** One authenticated call with that key answered within a few seconds. */
    answers: z.boolean(),
    /** Live, test or the local emulator, told from the settings. */
    mode: paymentMode,
  }),
  /** STRIPE_WEBHOOK_SECRET is set. */
  webhookSecretConfigured: z.boolean(),
  /** Every mail setting below is present. */
  smtpConfigured: z.boolean(),
  smtp: z.object({
    /** SMTP_URL or SMTP_HOST. */
    server: z.boolean(),
    /** MAIL_FROM. */
    sender: z.boolean(),
    /** STAFF_NOTIFY_TO. */
    staffRecipient: z.boolean(),
  }),
});
export type StaffHealth = z.infer<typeof staffHealth>;

export const healthAnswer = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), store: z.literal('ok'), staff: z.optional(staffHealth) }),
  z.object({ ok: z.literal(false), store: z.enum(['unreachable', 'unconfigured']), error: z.string(), staff: z.optional(staffHealth) }),
]);
export type HealthReport = z.infer<typeof healthAnswer>;

export const health = endpoint('GET', '/api/health').answers<HealthReport>();
