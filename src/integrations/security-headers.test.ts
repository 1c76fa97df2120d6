import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePolicy } from '../security/headers';
import { scriptHashSource } from '../security/inline-scripts';
import site from '../content/site.json' with { type: 'json' };
import { securityHeaderRules } from './security-headers';

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'security-headers-'));
  await mkdir(join(directory, 'about'));
  await writeFile(join(directory, 'index.html'), '<script type="module">home()</script><script type="application/ld+json">{}</script>');
  await writeFile(join(directory, 'about', 'index.html'), '<script>about()</script><script src="/_astro/x.js"></script>');
  await writeFile(join(directory, '404.html'), '<p>Not found</p>');
  await mkdir(join(directory, 'admin', 'content'), { recursive: true });
  await writeFile(join(directory, 'admin', 'content', 'index.html'), '<script type="module" src="/_astro/editor.js"></script>');
});

afterAll(() => rm(directory, { recursive: true, force: true }));

const scripts = (policy: string | undefined) => parsePolicy(policy ?? '').get('script-src');

describe('securityHeaderRules', () => {
  it('gives every path the static headers and a policy allowing every page’s inline scripts', async () => {
    const [all] = await securityHeaderRules(directory);
    expect(all?.path).toBe('/*');
    expect(all?.headers['X-Content-Type-Options']).toBe('nosniff');
    expect(scripts(all?.headers['Content-Security-Policy'])).toEqual(["'self'", ...[scriptHashSource('home()'), scriptHashSource('about()')].sort()]);
  });

  it('gives each page its own policy with exactly its inline scripts, and frames only the map provider', async () => {
    const rules = await securityHeaderRules(directory);
    const byPath = new Map(rules.slice(1).map((rule) => [rule.path, rule.headers['Content-Security-Policy']]));
    expect([...byPath.keys()]).toEqual(['/404', '/404.html', '/about/', '/about/index.html', '/admin/content/', '/admin/content/index.html', '/', '/index.html']);
    expect(scripts(byPath.get('/'))).toEqual(["'self'", scriptHashSource('home()')]);
    expect(scripts(byPath.get('/about/'))).toEqual(["'self'", scriptHashSource('about()')]);
    expect(scripts(byPath.get('/404'))).toEqual(["'self'"]);
    expect(parsePolicy(byPath.get('/') ?? '').get('frame-src')).toEqual([new URL(site.map.embedUrl).origin]);
    // Only the policy: the common headers come once, from /*.
    const pages = rules.slice(1).filter((rule) => !rule.path.startsWith('/admin/content/'));
    expect(pages.every((rule) => Object.keys(rule.headers).join() === 'Content-Security-Policy')).toBe(true);
    for (const policy of [...byPath.values(), rules[0]!.headers['Content-Security-Policy']]) {
      if (policy === byPath.get('/admin/content/')) continue;
      expect(scripts(policy)).not.toContain("'unsafe-eval'");
    }
  });

  it("gives the content editor alone the CMS's policy ('unsafe-eval', GitHub's API, photo previews) and its sign-in popup's link back", async () => {
    const rules = await securityHeaderRules(directory);
    const editor = rules.filter((rule) => rule.path.startsWith('/admin/content/'));
    expect(editor.map((rule) => rule.path)).toEqual(['/admin/content/', '/admin/content/index.html']);
    for (const { headers } of editor) {
      const policy = parsePolicy(headers['Content-Security-Policy'] ?? '');
      expect(policy.get('script-src')).toEqual(["'self'", "'unsafe-eval'"]);
      expect(policy.get('connect-src')).toEqual(["'self'", 'blob:', 'data:', 'https://api.github.com']);
      expect(policy.get('img-src')).toContain('blob:');
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
    }
  });
});
