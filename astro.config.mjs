// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwind from '@astrojs/tailwind';
import sitemap from '@astrojs/sitemap';
import clientDirectives from './src/lib/client-directives/integration.mjs';
import { firstPaintStyles } from './src/integrations/first-paint-styles.ts';
import { securityHeaders } from './src/integrations/security-headers.ts';
import { contentEditor } from './src/integrations/content-editor.ts';

/** The public address of the site: canonical links, Open Graph URLs and the sitemap derive from it. */
const site = process.env.SITE_URL || process.env.URL || 'https://www.veronaindoorgolf.com';

/** Pages that must never be indexed nor listed in the sitemap. */
const privatePaths = ['/admin', '/404', '/membership-success', '/league-success', '/book/success', '/book/manage', '/league/mail-opt-out', '/gift-cards/success', '/events/quote'];

/** @type {import('vite').PluginOption[]} */
const vitePlugins = [];
if (process.env.NETLIFY_VITE_PLUGIN === '1') {
  // `npm run dev` only: serves netlify/functions inside astro dev on the same origin.
  const { default: netlify } = await import('@netlify/vite-plugin');
  vitePlugins.push(
    netlify({
      edgeFunctions: { enabled: false },
      images: { enabled: false },
      blobs: { enabled: false },
      geolocation: { enabled: false },
      database: { enabled: false },
    }),
  );
}

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  // Stylesheets stay files: the first-paint-styles integration inlines what each page uses.
  build: { format: 'directory', inlineStylesheets: 'never' },
  integrations: [
    react(),
    clientDirectives(),
    tailwind({ applyBaseStyles: false }),
    sitemap({ filter: (page) => !privatePaths.some((path) => new URL(page).pathname.startsWith(path)) }),
    // Each page: the CSS it uses, inline in <head>.
    firstPaintStyles(),
    // /admin/content: the CMS bundle from node_modules (copied at build, served in dev) and, in dev, its local backend.
    contentEditor(),
    // dist/_headers: the security headers, with a Content-Security-Policy per page (hashes of its inline scripts).
    securityHeaders(),
  ],
  vite: {
    plugins: vitePlugins,
    // Font files stay files: inlined into the stylesheet as data: URLs, a subset a page may never use
    // would weigh on every page's first-paint CSS; as files, the browser fetches only the subsets in use.
    build: { assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined) },
  },
  devToolbar: { enabled: false },
});
