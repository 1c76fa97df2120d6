/** Debian's Chromium, as Playwright and Lighthouse use it here (no browser downloads on this machine). */
export const chromiumPath = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

/** Flags that keep Chromium quiet on a machine with no internet (no background connections). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
