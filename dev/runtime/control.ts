// The local runtime's own endpoint, answered by the runtime alone (the deployed site has no such path):
//
//   GET  /.netlify/local-runtime/scheduled-functions          the scheduled functions and their next runs
//   POST /.netlify/local-runtime/scheduled-functions/{name}   runs one now, as Netlify's scheduler would
//
// `npm run schedule` calls it. A request from a web page (one carrying an Origin header) is refused,
// so a page open in the browser cannot run a job.
import { FUNCTION_SECURITY_HEADERS } from '../../src/security/headers';
import { UnknownScheduledFunctionError, type Scheduler } from '../functions/scheduler';

export const CONTROL_PATH = '/.netlify/local-runtime/';
export const SCHEDULED_FUNCTIONS_PATH = `${CONTROL_PATH}scheduled-functions`;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...FUNCTION_SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/** The runtime's answer for a request under CONTROL_PATH. */
export async function answerControl(scheduler: Scheduler, request: Request): Promise<Response> {
  if (request.headers.has('origin')) return json(403, { error: 'The local runtime control endpoint is for local tools, not web pages.' });
  const { pathname } = new URL(request.url);
  if (pathname === SCHEDULED_FUNCTIONS_PATH) {
    if (request.method !== 'GET') return json(405, { error: 'Use GET to list the scheduled functions.' }, { allow: 'GET' });
    return json(200, { scheduledFunctions: scheduler.list() });
  }
  if (pathname.startsWith(`${SCHEDULED_FUNCTIONS_PATH}/`)) {
    if (request.method !== 'POST') return json(405, { error: 'Use POST to run a scheduled function.' }, { allow: 'POST' });
    try {
      return json(200, await scheduler.run(decodeURIComponent(pathname.slice(SCHEDULED_FUNCTIONS_PATH.length + 1))));
    } catch (error) {
      if (error instanceof UnknownScheduledFunctionError) return json(404, { error: error.message });
      throw error;
    }
  }
  return json(404, { error: 'Unknown local runtime endpoint.' });
}
