/**
 * Netlify's `_headers` file (publish directory): one rule per path, its headers indented below it.
 * Netlify's deploys and its local runtime library (@netlify/headers) both read it.
 */

export interface HeaderRule {
  /** A path rule: `/about/` also matches `/about`; `/*` matches everything. */
  path: string;
  headers: Readonly<Record<string, string>>;
}

export function renderHeadersFile(rules: readonly HeaderRule[], comment: string): string {
  const lines = comment.split('\n').map((line) => `# ${line}`.trimEnd());
  for (const rule of rules) {
    lines.push('', rule.path);
    for (const [name, value] of Object.entries(rule.headers)) {
      if (/[\r\n]/.test(value)) throw new Error(`Header ${name} for ${rule.path} contains a line break`);
      lines.push(`  ${name}: ${value}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The request paths that answer a built HTML file (path relative to the publish directory, `/`
 * separated): `about/index.html` → `/about/` (which also matches `/about`) and `/about/index.html`;
 * `404.html` → `/404` and `/404.html`.
 */
export function pagePaths(file: string): string[] {
  const path = `/${file.replace(/^\/+/, '')}`;
  if (path.endsWith('/index.html')) return [path.slice(0, -'index.html'.length), path];
  if (path.endsWith('.html')) return [path.slice(0, -'.html'.length), path];
  return [path];
}
