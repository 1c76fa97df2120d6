/**
 * Purging what the CDN cached under a tag (the answer's Netlify-Cache-Tag), so a save shows at once
 * rather than when the cached copy lapses. On Netlify the functions' environment carries the purge
 * token and the site id; NETLIFY_PURGE_API_URL points the call elsewhere (a test's stand-in). Without
 * a token (the local runtime, which caches nothing) there is nothing to purge. A failed purge is
 * logged: the copy still lapses within its max age.
 */
import { purgeCache } from '@netlify/functions';

export async function purgeCdnTag(tag: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (!env['NETLIFY_PURGE_API_TOKEN']) return false;
  try {
    await purgeCache({ tags: [tag], ...(env['NETLIFY_PURGE_API_URL'] ? { apiURL: env['NETLIFY_PURGE_API_URL'] } : {}) });
    return true;
  } catch (error) {
    console.error(`[cdn] purging "${tag}" failed; the cached copy lapses within its max age:`, error instanceof Error ? error.message : String(error));
    return false;
  }
}
