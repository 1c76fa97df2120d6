import type { Config } from '@netlify/functions';
import { ping } from '../../src/shared/contract/ping';
import { handle } from '../../src/shared/server/handle';
import { answer } from '../../src/shared/server/http';

/**
 * GET /api/ping: liveness only, touching no store or payment service (uptime monitors, and the
 * baseline the API benchmark compares endpoints with). /api/health is the readiness check.
 */
export default handle(['GET', 'HEAD'], async () => answer(ping, { ok: true }));

export const config: Config = { path: '/api/ping' };
