/**
 * A fallback font face for each weight the site sets, sized so text in it takes the room Manrope
 * will take: until the preloaded Manrope arrives, the page is laid out in a local font whose width
 * (size-adjust) and line box (ascent, descent, line gap) are Manrope's, so the swap moves nothing.
 * Measured, not guessed: Manrope's line box from its file, and the widths of running text in Manrope
 * at each weight of its variable axis and in the local font, as Chromium lays them out.
 *
 * `npm run fonts:fallback` writes src/styles/font-fallback.css; an e2e test fails when text moves at the swap.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { create } from 'fontkitten';
import type { Page } from 'playwright';

const require = createRequire(import.meta.url);

/** The font family name pages use for the fallback faces (tailwind.config.cjs lists it after Manrope). */
export const FALLBACK_FAMILY = 'Manrope Fallback';

/** Weights the site sets: Tailwind's font-normal, font-semibold, font-bold and font-extrabold. */
export const SITE_WEIGHTS = [400, 600, 700, 800] as const;

/** The Manrope file the pages preload (Latin, the only script the site's text uses). */
export const MANROPE_FILE = require.resolve('@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2');

/** Where the generated stylesheet lives; BaseLayout imports it. */
export const FALLBACK_CSS_FILE = fileURLToPath(new URL('../../src/styles/font-fallback.css', import.meta.url));

/**
 * A local font to lay out with before Manrope arrives: the family name the browser measures it by,
 * and the names local() finds its regular and bold cuts by (full name and PostScript name).
 */
export interface LocalFallback {
  family: string;
  regular: readonly string[];
  bold: readonly string[];
}

/** DejaVu Sans: what Linux desktops and this machine's Chromium render sans-serif with. */
export const DEJAVU_SANS: LocalFallback = {
  family: 'DejaVu Sans',
  regular: ['DejaVu Sans', 'DejaVuSans'],
  bold: ['DejaVu Sans Bold', 'DejaVuSans-Bold'],
};

/**
 * Running English of the kind the site shows: a face's width over such text is what sets how long
 * a line is and where it wraps.
 */
const SAMPLE_TEXT =
  'Verona Indoor Golf. Book a bay, play 18 holes on a championship course, join a league on Tuesday nights ' +
  'or host a private event for up to 40 guests. Memberships start at $129 per month; walk-ins welcome. ' +
  'Full bar & kitchen: burgers, wings, flatbreads and local craft beer. Questions? Call (608) 555-0142.';

/** Manrope's line box in em, from its file. */
export function manropeLineBox(file = MANROPE_FILE) {
  const font = create(readFileSync(file));
  if (!('unitsPerEm' in font)) throw new Error(`${file} is a font collection`);
  const em = (units: number) => Math.abs(units) / font.unitsPerEm;
  return { ascent: em(font.ascent), descent: em(font.descent), lineGap: em(font.lineGap) };
}

/** Width of the sample text in `family` at `weight`, as `page`'s browser lays it out, in px at 100 px. */
async function sampleWidth(page: Page, family: string, weight: number): Promise<number> {
  return page.evaluate(({ family, weight, text }) => {
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${weight} 100px "${family}"`;
    return context.measureText(text).width;
  }, { family, weight, text: SAMPLE_TEXT });
}

const percent = (ratio: number) => `${(ratio * 100).toFixed(2)}%`;

/** The stylesheet: one @font-face per site weight and local fallback, measured in `page` (a blank page). */
export async function fallbackFontCss(page: Page, fallbacks: readonly LocalFallback[] = [DEJAVU_SANS]): Promise<string> {
  const lineBox = manropeLineBox();
  const manrope = readFileSync(MANROPE_FILE).toString('base64');
  await page.evaluate(async (data) => {
    const face = new FontFace('Manrope Measured', `url(data:font/woff2;base64,${data})`, { weight: '200 800' });
    document.fonts.add(await face.load());
  }, manrope);
  const faces: string[] = [];
  for (const fallback of fallbacks) {
    for (const weight of SITE_WEIGHTS) {
      const sizeAdjust = (await sampleWidth(page, 'Manrope Measured', weight)) / (await sampleWidth(page, fallback.family, weight));
      // Line box metrics apply to the adjusted size, so they are divided by the adjustment.
      const names = weight >= 600 ? fallback.bold : fallback.regular;
      faces.push([
        '@font-face {',
        `  font-family: '${FALLBACK_FAMILY}';`,
        `  font-weight: ${weight};`,
        `  src: ${names.map((name) => `local('${name}')`).join(', ')};`,
        `  size-adjust: ${percent(sizeAdjust)};`,
        `  ascent-override: ${percent(lineBox.ascent / sizeAdjust)};`,
        `  descent-override: ${percent(lineBox.descent / sizeAdjust)};`,
        `  line-gap-override: ${percent(lineBox.lineGap / sizeAdjust)};`,
        '}',
      ].join('\n'));
    }
  }
  return [
    '/* Generated by `npm run fonts:fallback` (dev/fonts/manrope-fallback.ts) from the font files: a local',
    '   font sized to take the room Manrope takes, so the swap when Manrope arrives moves nothing. */',
    ...faces,
    '',
  ].join('\n');
}
