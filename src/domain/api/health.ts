/**
 * GET /api/health: whether the store answered a round trip (200), or why not (503), for uptime
 * monitors and a deploying developer.
 */
import * as z from 'zod/mini';
import { endpoint } from './endpoint';

export const healthAnswer = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), store: z.literal('ok') }),
  z.object({ ok: z.literal(false), store: z.enum(['unreachable', 'unconfigured']), error: z.string() }),
]);
export type HealthReport = z.infer<typeof healthAnswer>;

export const health = endpoint('GET', '/api/health').answers<HealthReport>();
