// Writes src/styles/font-fallback.css, measured in Chromium (see manrope-fallback.ts).
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright';
import { chromiumPath } from '../../tests/support/chromium';
import { FALLBACK_CSS_FILE, fallbackFontCss } from './manrope-fallback';

const browser = await chromium.launch({ executablePath: chromiumPath });
try {
  writeFileSync(FALLBACK_CSS_FILE, await fallbackFontCss(await browser.newPage()));
  console.log(`wrote ${FALLBACK_CSS_FILE}`);
} finally {
  await browser.close();
}
