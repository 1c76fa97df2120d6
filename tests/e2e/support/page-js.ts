// What JavaScript a page loads as a visitor opens it: every script it fetches and every inline one
// (structured data aside), gzipped one by one as a CDN sends them, and whether any of it is React.
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

export interface PageScripts {
  gzipBytes: number;
  /** React's element symbols or fiber keys in any script. */
  react: boolean;
  islands: number;
}

/** Opens `path` and measures its scripts once the load event has passed and `ready` (the page's own script ran) holds. */
export async function pageScripts(page: Page, path: string, ready: () => Promise<void> = async () => undefined): Promise<PageScripts> {
  const fetched: Array<Promise<Buffer>> = [];
  const listen = (response: import('@playwright/test').Response) => {
    if (response.request().resourceType() === 'script') fetched.push(response.body());
  };
  page.on('response', listen);
  try {
    await page.goto(path);
    await page.waitForLoadState('load');
    await ready();
    const inline = await page.locator('script:not([src]):not([type="application/ld+json"])').allTextContents();
    const sources = [...(await Promise.all(fetched)).map((body) => body.toString('utf8')), ...inline];
    return {
      gzipBytes: sources.reduce((sum, source) => sum + gzipSync(source).length, 0),
      react: sources.some((source) => /Symbol\.for\(["']react\.|__reactFiber/.test(source)),
      islands: await page.locator('astro-island').count(),
    };
  } finally {
    page.off('response', listen);
  }
}
