import type { Config } from '@netlify/functions';
import { health } from '../../src/domain/api/health';
import { handle } from '../../src/server/handle';
import { checkHealth } from '../../src/server/health';
import { answer } from '../../src/server/http';

/** GET /api/health: 200 when the store answered a round trip, 503 with a JSON error when it did not. */
export default handle(['GET', 'HEAD'], async () => {
  const report = await checkHealth();
  return answer(health, report, report.ok ? 200 : 503);
});

export const config: Config = { path: '/api/health' };
