import type { Config } from '@netlify/functions';
import { checkHealth } from '../../src/server/health';
import { json, methodNotAllowed } from '../../src/server/http';

/** GET /api/health: 200 when the store answered a round trip, 503 with a JSON error when it did not. */
export default async function health(request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(['GET']);
  const report = await checkHealth();
  return json(report, report.ok ? 200 : 503);
}

export const config: Config = { path: '/api/health' };
