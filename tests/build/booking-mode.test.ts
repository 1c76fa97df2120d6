// booking.mode `external`, the other mode than the one shipped and served to the end-to-end tests:
// a copy of the project with only site.json's mode changed is built, and every booking button
// ("Book Now", "Reserve Your Bay", "Book Your Bay", "Book a Bay") opens the external booking site in
// a new tab, as before the site had its own booking; no page links to /book, and /book itself points
// to the external site instead of taking bookings.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import about from '../../src/content/about.json' with { type: 'json' };
import contact from '../../src/content/contact.json' with { type: 'json' };
import home from '../../src/content/home.json' with { type: 'json' };
import navigation from '../../src/content/navigation.json' with { type: 'json' };
import site from '../../src/content/site.json' with { type: 'json' };

const root = fileURLToPath(new URL('../..', import.meta.url));
/** What an Astro build of the site reads. */
const PROJECT_FILES = ['src', 'public', 'astro.config.mjs', 'tsconfig.json', 'package.json', 'tailwind.config.cjs'];

let copy: string;
const page = (path: string) => readFile(join(copy, 'dist', path, 'index.html'), 'utf8');

/** The anchors of a page whose text is `label`, as their opening tags. */
function anchors(html: string, label: string): string[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].filter((match) => match[2]!.replace(/<[^>]+>/g, '').trim() === label).map((match) => match[1]!);
}

function expectExternal(tags: string[]): void {
  expect(tags.length).toBeGreaterThan(0);
  for (const tag of tags) {
    expect(tag).toContain(`href="${site.links.booking}"`);
    expect(tag).toContain('target="_blank"');
    expect(tag).toMatch(/rel="noopener noreferrer"/);
  }
}

beforeAll(async () => {
  copy = await mkdtemp(join(tmpdir(), 'booking-mode-external-'));
  for (const entry of PROJECT_FILES) await cp(join(root, entry), join(copy, entry), { recursive: true });
  await symlink(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  await writeFile(join(copy, 'src', 'content', 'site.json'), JSON.stringify({ ...site, booking: { mode: 'external' } }, null, 2));
  const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
  delete env['NODE_ENV'];
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
  await promisify(execFile)(process.execPath, [join(root, 'node_modules', 'astro', 'astro.js'), 'build'], { cwd: copy, env, maxBuffer: 16 * 1024 * 1024 });
}, 300_000);

afterAll(async () => {
  if (copy) await rm(copy, { recursive: true, force: true });
});

describe('booking.mode external', () => {
  it('the header and footer of every information page open the external booking site in a new tab', async () => {
    for (const path of ['', 'about', 'memberships', 'events', 'menu', 'contact', 'league']) {
      const html = await page(path);
      expectExternal(anchors(html, navigation.bookLabel));
      expectExternal(anchors(html, 'Book a Bay').slice(-1));
      expect(html).not.toMatch(/href="\/book"/);
    }
  });

  it('/book itself sends visitors to the external booking site and offers no booking form', async () => {
    const html = await page('book');
    expectExternal(anchors(html, 'Book on our booking site'));
    expect(html).not.toContain('<astro-island');
  });

  it('"Reserve Your Bay", "Book Your Bay" and the contact page\'s "Book a Bay" too', async () => {
    expectExternal(anchors(await page(''), home.hero.bookLabel));
    expectExternal(anchors(await page('about'), about.cta.bookLabel));
    expectExternal(anchors(await page('contact'), contact.bookLabel));
  });
});
