// The function bundles of `npm run build` (what deploys), as the API benchmark calls them.
import { assertBundlesMatchSources, loadBundledFunctionHost, readBundleManifest } from '../../functions/bundled-functions';
import { FUNCTION_SOURCES_DIRECTORY } from '../../functions/prebundle';
import { ORIGIN, type Handler } from './requests';

/** The function bundles of the last build, as the bench calls them. */
export interface BundledFunctions {
  /** A function by name, called as Netlify routes it (the request's method and path; route parameters from the path). */
  load(name: string): Promise<Handler>;
  /** Waits for the work functions left running after their answers (`waitUntil`). */
  settle(): Promise<void>;
  /** Runs a scheduled function now, as the scheduler does. */
  runScheduled(name: string): Promise<Response>;
}

/** The function bundles of the last build; refuses bundles of other sources. */
export async function bundledFunctions(): Promise<BundledFunctions> {
  await assertBundlesMatchSources(await readBundleManifest(), FUNCTION_SOURCES_DIRECTORY);
  const host = await loadBundledFunctionHost();
  return {
    load: async (name) => async (request, context) => {
      const found = host.match(request.method, new URL(request.url).pathname);
      if (found?.fn.name !== name) throw new Error(`${request.method} ${request.url} is not served by ${name}`);
      const ip = (context as { ip?: string } | undefined)?.ip ?? '127.0.0.1';
      return host.invoke(found, request, ip);
    },
    settle: () => host.drain(10 * 60_000),
    runScheduled: async (name) => {
      const scheduled = host.scheduled().find((fn) => fn.name === name);
      if (!scheduled) throw new Error(`no scheduled function ${name}`);
      return host.trigger(scheduled, ORIGIN, new Date());
    },
  };
}
