import type { Config } from '@netlify/functions';
import { jsonError } from '../../src/shared/server/http';
import { handle } from '../../src/shared/server/handle';
import { requestRebuild } from '../../src/shared/server/rebuild';

/**
 * Scheduled daily just after midnight in Verona (06:05 UTC is 00:05 CST, 01:05 CDT; no public path):
 * asks Netlify for a fresh build through BUILD_HOOK_URL, so the events page drops what is over and
 * moves weekly events to their next date. Without the variable it fails closed with one log line.
 */
export default handle(['POST'], async () => {
  const result = await requestRebuild();
  if (result.status === 'unconfigured') {
    console.error('[rebuild] BUILD_HOOK_URL is not set: the daily rebuild is off');
    return jsonError(503, 'The daily rebuild is not configured.');
  }
  if (result.status === 'failed') {
    console.error(`[rebuild] the daily rebuild was not started: ${result.reason}`);
    return jsonError(502, 'The daily rebuild could not be started.');
  }
  console.log('[rebuild] daily rebuild requested');
  return new Response(null, { status: 204 });
});

export const config: Config = { schedule: '5 6 * * *' };
