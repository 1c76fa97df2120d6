// The content editor (/admin/content) as staff use it, against the runtime's local backend writing a
// temporary copy of src/content (CONTENT_EDITOR_ROOT): a menu price, an opening hour, an event added
// and one deleted, a photo uploaded and put in the footer gallery — each seen in its file and on the
// site built from the copy; invalid edits refused with the field named and the file unchanged (also
// those the build refuses for another file's sake: a posted rate or a plan term bay booking uses); the
// editor under its own Content-Security-Policy without a violation.
import { join } from 'node:path';
import { readFile, stat } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { buildEditedSite, builtPage, choose, editedFile, eventFiles, expandItem, openEditor, openEntry, projectRoot, publish, readEdited, readShipped, removeItem, visibleField } from './support/content-editor';

test.describe.configure({ mode: 'serial' });

/** The editor's own formatting: what a save writes for `data`. */
const asEditorWrites = (data: unknown) => `${JSON.stringify(data, null, 2)}\n`;

test('staff edit prices, hours, events and photos; the editor checks each save; the rebuilt site shows them', async ({ page }) => {
  test.setTimeout(360_000);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`));
  });
  page.on('dialog', (dialog) => void dialog.accept());

  const response = await page.request.get('/admin/content');
  expect(response.headers()['content-security-policy']).toContain("'unsafe-eval'");
  expect(response.headers()['cache-control']).toBe('no-store');
  expect(response.headers()['x-robots-tag']).toContain('noindex');
  await openEditor(page);

  await test.step('a menu price: saved as a number, nothing else in the file changes', async () => {
    const before = JSON.parse(await readShipped('menu.json'));
    await openEntry(page, 'settings/entries/menu');
    await expandItem(page, 'Appetizers');
    await expandItem(page, 'Basket of Fries');
    await visibleField(page, 'Price').fill('4.25');
    await publish(page);
    await expect.poll(async () => JSON.parse(await readEdited('menu.json')).food.categories[0].items[0].price).toBe(4.25);
    before.food.categories[0].items[0].price = 4.25;
    expect(await readEdited('menu.json')).toBe(asEditorWrites(before));
  });

  await test.step('an invalid price is refused, naming the field; the file keeps the saved price', async () => {
    const saved = await readEdited('menu.json');
    await visibleField(page, 'Price').fill('-2');
    await publish(page);
    await expect(page.getByText(/food\.categories\[0\]\.items\[0\]\.price: Too small/)).toBeVisible();
    // A price typed as text never reaches the field: the box takes numbers only, and an empty price is refused.
    await visibleField(page, 'Price').fill('');
    await visibleField(page, 'Price').pressSequentially('abc');
    await expect(visibleField(page, 'Price')).toHaveValue('');
    await publish(page);
    await expect(page.getByText(/Price is required/)).toBeVisible();
    expect(await readEdited('menu.json')).toBe(saved);
  });

  await test.step('an opening hour; a closing time before opening is refused, naming the field', async () => {
    const before = JSON.parse(await readShipped('site.json'));
    await openEntry(page, 'settings/entries/site');
    await expandItem(page, '16:00 · 22:00');
    await visibleField(page, 'Closes at').fill('10:00');
    await publish(page);
    await expect(page.getByText(/hours\.days\[0\]\.closes: the closing time must be after the opening time/)).toBeVisible();
    expect(await readEdited('site.json')).toBe(await readShipped('site.json'));
    await visibleField(page, 'Closes at').fill('23:00');
    await publish(page);
    before.hours.days[0].closes = '23:00';
    await expect.poll(() => readEdited('site.json')).toBe(asEditorWrites(before));
  });

  await test.step('edits another file relies on are refused as the build refuses them, naming the file and the field', async () => {
    // Bay booking charges site.json's Tuesday-Thursday posted rate.
    const site = await readEdited('site.json');
    await openEntry(page, 'settings/entries/site');
    await removeItem(page, '30');
    await publish(page);
    await expect(page.getByText(/rates\.items: bay type standard takes its price for Tuesday, Wednesday and Thursday from the posted rates/)).toBeVisible();
    expect(await readEdited('site.json')).toBe(site);
    // Bay booking counts a member's included time from the plan's printed terms.
    const catalog = await readEdited('memberships.json');
    await openEntry(page, 'settings/entries/memberships');
    await expandItem(page, 'Practice');
    await visibleField(page, 'Daily reservations').fill('90 minutes per day');
    await publish(page);
    await expect(page.getByText(/plans\[0\]\.dailyReservations: Practice: "90 minutes per day" must read like "1 hour per day"/)).toBeVisible();
    expect(await readEdited('memberships.json')).toBe(catalog);
  });

  await test.step('an event added, one deleted', async () => {
    await openEntry(page, 'upcoming-events/new');
    await visibleField(page, 'Title').fill('Masters Watch Party');
    await choose(page, 'Kind of event', 'dated');
    await visibleField(page, 'Date').fill('2099-04-09');
    await visibleField(page, 'Starts at').fill('18:00');
    await visibleField(page, 'Type').fill('Watch Party');
    await page.locator('[data-slate-editor="true"]').click();
    await page.keyboard.type('Big screens, ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('drink specials');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' and a putting contest.');
    await publish(page);
    await expect.poll(eventFiles).toContain('masters-watch-party.md');
    const added = await readEdited('events/masters-watch-party.md');
    expect(added).toMatch(/^---\n/);
    expect(added).toContain('title: Masters Watch Party');
    expect(added).toContain('Big screens, **drink specials** and a putting contest.');
    expect(added).not.toContain('sessionId');

    await openEntry(page, 'upcoming-events/entries/weekly-trivia-night');
    await page.getByRole('button', { name: /Delete/ }).click();
    await expect.poll(eventFiles).not.toContain('weekly-trivia-night.md');
  });

  await test.step('a photo uploaded to the library and shown in the footer gallery', async () => {
    await openEntry(page, 'settings/entries/media');
    await page.getByRole('button', { name: /Add photos/ }).click();
    await page.getByRole('button', { name: /Choose an image/ }).last().click();
    await page.locator('input[type="file"]').setInputFiles({ name: 'range-night.jpg', mimeType: 'image/jpeg', buffer: await readFile(join(projectRoot, 'src/content/media/bay-night.jpg')) });
    await page.getByRole('button', { name: /Choose selected/ }).click();
    await visibleField(page, 'Description of the photo (alt text)').last().fill('The driving range screen lit up at night');
    await page.getByRole('button', { name: /Add footer gallery/ }).click();
    await page.getByLabel('Footer gallery (photo names, in order)', { exact: true }).locator('visible=true').last().fill('range-night');
    await publish(page);
    await expect.poll(async () => JSON.stringify(JSON.parse(await readEdited('media.json')).photos.at(-1))).toBe(
      JSON.stringify({ file: '/media/range-night.jpg', alt: 'The driving range screen lit up at night' }),
    );
    // The editor writes the photo beside the entry, not necessarily before it: wait for it the same way.
    await expect.poll(async () => (await stat(editedFile('media/range-night.jpg')).catch(() => null))?.size ?? 0).toBeGreaterThan(1000);
    expect(JSON.parse(await readEdited('media.json')).gallery.at(-1)).toBe('range-night');
  });

  expect(violations).toEqual([]);

  await test.step('the site built from the edited files shows every change', async () => {
    const dist = await buildEditedSite();
    expect(await builtPage(dist, 'menu')).toContain('$4.25');
    const home = await builtPage(dist, '.');
    expect(home).toContain('4PM-11PM');
    expect(home).toContain('The driving range screen lit up at night');
    const events = await builtPage(dist, 'events');
    expect(events).toContain('Masters Watch Party');
    expect(events).toContain('<strong>drink specials</strong>');
    expect(events).not.toContain('Weekly Trivia Night');
  });
});
