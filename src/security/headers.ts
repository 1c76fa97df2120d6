/**
 * The site's security headers, in one place. Static pages get them from `dist/_headers`, which the
 * security-headers integration writes at build time (src/integrations/security-headers.ts); every
 * function answer gets them from src/shared/server/http.ts. No framework, no zod: the Astro config and the
 * functions' bundler both import this file.
 */

/** A Content-Security-Policy as directive → sources, in the order they are written. */
export type PolicyDirectives = Readonly<Record<string, readonly string[]>>;

/** Headers every answer carries, static file or function. */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/** A function answers JSON: it may load nothing, run nothing and be framed by no one. */
export const FUNCTION_CONTENT_SECURITY_POLICY = serializePolicy({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });

export const FUNCTION_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON_SECURITY_HEADERS,
  'Content-Security-Policy': FUNCTION_CONTENT_SECURITY_POLICY,
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** Headers of every static file; each page adds its own Content-Security-Policy (pagePolicy). */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON_SECURITY_HEADERS,
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export interface PagePolicyInput {
  /** `'sha256-…'` sources of the page's inline scripts (src/security/inline-scripts.ts). */
  scriptHashes: readonly string[];
  /** Origins the page may frame (the map provider); none → frame-src 'none'. */
  frameOrigins: readonly string[];
}

/**
 * The policy of a static page: scripts only from the site itself and the page's own inline scripts
 * (by hash, never 'unsafe-inline'); styles may be inline (Astro inlines the stylesheets and the
 * islands set style attributes); everything else from the site, frames only from `frameOrigins`.
 */
export function pagePolicy({ scriptHashes, frameOrigins }: PagePolicyInput): string {
  return serializePolicy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...[...new Set(scriptHashes)].sort()],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'"],
    // Font files are always files (astro.config.mjs: assetsInlineLimit), never data: URLs.
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'frame-src': frameOrigins.length > 0 ? [...new Set(frameOrigins)].sort() : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * The content editor's page (/admin/content) only: the CMS compiles its configuration's validator at
 * run time ('unsafe-eval'), previews photos from data: and blob: addresses and shows GitHub avatars,
 * calls GitHub's API to read and commit, and may run workers from blob: addresses. No other page gains
 * any of this.
 */
export function contentEditorPolicy(scriptHashes: readonly string[]): string {
  return serializePolicy({
    'default-src': ["'self'"],
    'script-src': ["'self'", "'unsafe-eval'", ...[...new Set(scriptHashes)].sort()],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https://avatars.githubusercontent.com', 'https://raw.githubusercontent.com'],
    'font-src': ["'self'", 'data:'],
    // blob: and data: too: the CMS reads an uploaded photo back from its in-page address before saving it.
    'connect-src': ["'self'", 'blob:', 'data:', 'https://api.github.com'],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/** The editor signs in through a popup (Netlify's OAuth provider) that reports back to the page: the page keeps its opener link. */
export const CONTENT_EDITOR_OPENER_POLICY = 'same-origin-allow-popups';

export function serializePolicy(directives: PolicyDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/** Directive → sources of one policy (names lower-cased; a repeated directive keeps its first value, as browsers do). */
export function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    const key = name.toLowerCase();
    if (!directives.has(key)) directives.set(key, sources);
  }
  return directives;
}
