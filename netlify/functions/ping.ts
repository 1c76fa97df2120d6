import type { Config } from '@netlify/functions';
import { handle } from '../../src/server/handle';
import { json } from '../../src/server/http';

/**
 * GET /api/ping: liveness only, touching no store or payment service (uptime monitors, and the
 * baseline the API benchmark compares endpoints with). /api/health is the readiness check.
 */
export default handle(['GET', 'HEAD'], async () => json({ ok: true }));

export const config: Config = { path: '/api/ping' };
