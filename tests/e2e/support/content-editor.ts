// The content editor e2e's pieces: the temporary copy of src/content the runtime's editor writes
// (CONTENT_EDITOR_ROOT, made once by the Playwright config), reading its files, driving the CMS's
// forms, and a site build from that copy.
import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, readdir, realpath, symlink, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

export const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The folder whose src/content/ the editor of the run's runtime edits. */
export function editedRoot(): string {
  const root = process.env['CONTENT_EDITOR_ROOT'];
  if (!root) throw new Error('CONTENT_EDITOR_ROOT is not set (tests/playwright.config.ts sets it)');
  return root;
}

export const editedFile = (path: string) => join(editedRoot(), 'src', 'content', path);
export const readEdited = (path: string) => readFile(editedFile(path), 'utf8');
export const readShipped = (path: string) => readFile(join(projectRoot, 'src', 'content', path), 'utf8');

/** Opens the editor and signs in to the local backend (no account on this machine). */
export async function openEditor(page: Page): Promise<void> {
  await page.goto('/admin/content');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Pages and settings').first()).toBeVisible();
}

/** Opens a form in a fresh page load (the editor keeps the sign-in), so no earlier draft lingers. */
export async function openEntry(page: Page, hash: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`/admin/content#/collections/${hash}`);
  await expect(page.getByRole('link', { name: /^← Writing in/ })).toBeVisible();
}

/** Expands the collapsed list item whose summary reads `summary` (list items start collapsed). */
export async function expandItem(page: Page, summary: string): Promise<void> {
  const item = page.getByText(summary, { exact: true }).locator('visible=true').first().locator('xpath=ancestor::div[contains(@class, "ListItem")][1]');
  await item.locator('xpath=./div[1]/button[1]').click();
}

/** Removes the list item whose summary reads `summary` (the last button of its top bar). */
export async function removeItem(page: Page, summary: string): Promise<void> {
  const item = page.getByText(summary, { exact: true }).locator('visible=true').first().locator('xpath=ancestor::div[contains(@class, "ListItem")][1]');
  await item.locator('xpath=./div[1]/button[last()]').click();
  await expect(page.getByText(summary, { exact: true }).locator('visible=true')).toHaveCount(0);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first visible input labelled `label` (the editor adds "(optional)" to optional fields). */
export const visibleField = (page: Page, label: string): Locator =>
  page.getByLabel(new RegExp(`^${escaped(label)}(?: \\(optional\\))?$`)).locator('visible=true').first();

/** Picks `option` in the choice field labelled `label`. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await visibleField(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Publishes the open entry (the local backend writes the file at once). */
export async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
}

/**
 * Builds the site from the edited copy: a throw-away project with the repository's sources, its
 * src/content/ replaced by the copy and caches of its own (node_modules shared read-only). Returns
 * the built dist/ folder.
 */
export async function buildEditedSite(): Promise<string> {
  const root = join(editedRoot(), 'site');
  await mkdir(root, { recursive: true });
  const shippedContent = join(projectRoot, 'src', 'content');
  for (const part of ['src', 'tailwind.config.cjs', 'tsconfig.json', 'package.json']) {
    await cp(join(projectRoot, part), join(root, part), { recursive: true, filter: (source) => source !== shippedContent && !source.startsWith(`${shippedContent}${sep}`) });
  }
  await cp(join(editedRoot(), 'src', 'content'), join(root, 'src', 'content'), { recursive: true });
  await cp(join(projectRoot, 'astro.config.mjs'), join(root, 'astro.config.base.mjs'));
  const config = "import base from './astro.config.base.mjs';\nexport default { ...base, cacheDir: './.cache/astro', vite: { ...base.vite, cacheDir: './.cache/vite' } };\n";
  await writeFile(join(root, 'astro.config.mjs'), config);
  for (const shared of ['node_modules', 'public']) await symlink(await realpath(join(projectRoot, shared)), join(root, shared), 'dir').catch(() => {});
  await new Promise<void>((resolve, reject) => {
    const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
    execFile(process.execPath, [join(root, 'node_modules/astro/astro.js'), 'build'], { cwd: root, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`astro build of the edited content failed:\n${stdout}${stderr}`)) : resolve(),
    );
  });
  return join(root, 'dist');
}

/** The built page's HTML, e.g. `menu` for dist/menu/index.html. */
export async function builtPage(dist: string, page: string): Promise<string> {
  return readFile(join(dist, page, 'index.html'), 'utf8');
}

export async function eventFiles(): Promise<string[]> {
  return (await readdir(editedFile('events'))).sort();
}
