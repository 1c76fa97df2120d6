/** Answer shapes several contracts share, as zod/mini schemas (see endpoint.ts). */
import * as z from 'zod/mini';

/** `{ ok: true }`: the call did what it was asked. */
export const okAnswer = z.object({ ok: z.literal(true) });
export type OkAnswer = z.infer<typeof okAnswer>;

/**
 * The body of every refused request: the error a person can read, per-field messages for a refused
 * form, and the minutes until another staff sign-in is allowed (the login's 429 only).
 */
export const errorAnswer = z.object({
  error: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
  lockoutRemaining: z.optional(z.number()),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/** `{ url }`: where the browser goes next (Stripe's hosted pages). */
export const redirectAnswer = z.object({ url: z.string() });
export type RedirectAnswer = z.infer<typeof redirectAnswer>;
