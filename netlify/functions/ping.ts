import type { Config } from '@netlify/functions';
import { json, methodNotAllowed } from '../../src/server/http';

/**
 * GET /api/ping: liveness only, touching no store or payment service (uptime monitors, and the
 * baseline the API benchmark compares endpoints with). /api/health is the readiness check.
 */
export default async function ping(request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(['GET']);
  return json({ ok: true });
}

export const config: Config = { path: '/api/ping' };
