/**
 * POST /api/stripe-webhook: Stripe's signed events. The body is the event as Stripe sends it, read
 * as raw text (its signature covers the exact bytes). Answer: received, and whether the event was
 * processed before.
 */
import * as z from 'zod/mini';
import { endpoint } from './endpoint';

export const webhookAnswer = z.object({ received: z.literal(true), duplicate: z.optional(z.literal(true)) });
export type WebhookAnswer = z.infer<typeof webhookAnswer>;

export const stripeWebhook = endpoint('POST', '/api/stripe-webhook').takes<Record<string, unknown>>().answers<WebhookAnswer>();
