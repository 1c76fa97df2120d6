/**
 * The daily rebuild: one POST to the site's Netlify build hook, so pages built from dates (the
 * upcoming events, a weekly event's next date) are rebuilt every day without anyone deploying. The
 * hook's address is a secret and never logged.
 */
import { readBuildHookUrl } from './env';
import { CALL_TIMEOUT_MS } from './run-budget';

/** How long the build hook may take to answer: as long as any outside call of a scheduled run. */
export const BUILD_HOOK_TIMEOUT_MS = CALL_TIMEOUT_MS;

export type RebuildResult =
  | { status: 'requested' }
  /** BUILD_HOOK_URL is not set: nothing was asked. */
  | { status: 'unconfigured' }
  /** The hook answered with an error or not at all. */
  | { status: 'failed'; reason: string };

export async function requestRebuild(env: NodeJS.ProcessEnv = process.env, fetchImpl: typeof fetch = fetch): Promise<RebuildResult> {
  const hook = readBuildHookUrl(env);
  if (!hook) return { status: 'unconfigured' };
  try {
    const response = await fetchImpl(hook, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(BUILD_HOOK_TIMEOUT_MS) });
    await response.body?.cancel().catch(() => {});
    return response.ok ? { status: 'requested' } : { status: 'failed', reason: `the build hook answered ${response.status}` };
  } catch (error) {
    return { status: 'failed', reason: error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${BUILD_HOOK_TIMEOUT_MS} ms` : 'the build hook could not be reached' };
  }
}
