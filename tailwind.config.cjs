/**
 * The venue's design tokens. Every page and component styles itself from these names only,
 * so the look changes in one place. Contrast of every text/background pair used is at least
 * WCAG AA (4.5:1 for body text): see tests in src/styles/tokens.test.ts.
 */
const colors = {
  // Surfaces, darkest first.
  ink: '#07100c',
  surface: '#0e1813',
  raised: '#15221b',
  line: '#2a3a31',
  // Text on dark surfaces.
  text: '#f3f7f4',
  muted: '#b3c2b9',
  // The golf-green accent and the text that sits on it.
  accent: {
    DEFAULT: '#3ccf7a',
    strong: '#5fe095',
    deep: '#1f7a47',
    on: '#03140a',
  },
  // Secondary warm highlight (prices, badges).
  gold: '#f2c94c',
  // Expiring-soon warnings (admin): between gold and danger.
  warning: '#ffb067',
  danger: '#ff8a80',
  success: '#7ee2a8',
};

/** Manrope (self-hosted, it arrives after the page), then the local face sized like it (src/styles/font-fallback.css), then the system's. */
const sans = ['"Manrope Variable"', 'Manrope', '"Manrope Fallback"', 'system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'sans-serif'];

/** @type {import('tailwindcss').Config} */
module.exports = {
  content: ['./src/**/*.{astro,html,js,jsx,ts,tsx,md,mdx}'],
  theme: {
    colors: { transparent: 'transparent', current: 'currentColor', white: '#ffffff', black: '#000000', ...colors },
    fontFamily: {
      sans,
      // Without the web font, for text whose parts are laid out one after another by the browser (a date
      // field's month, day and year): Manrope arriving after the first paint would move them.
      local: sans.slice(sans.indexOf('"Manrope Fallback"')),
    },
    extend: {
      fontSize: {
        // A 1.25 modular scale: [size, { lineHeight, letterSpacing? }]
        small: ['0.875rem', { lineHeight: '1.35rem' }],
        body: ['1rem', { lineHeight: '1.65rem' }],
        lead: ['1.25rem', { lineHeight: '1.9rem' }],
        h3: ['1.5625rem', { lineHeight: '2rem', letterSpacing: '-0.01em' }],
        h2: ['clamp(1.95rem, 1.4rem + 2.2vw, 2.75rem)', { lineHeight: '1.15', letterSpacing: '-0.02em' }],
        h1: ['clamp(2.45rem, 1.6rem + 3.6vw, 4.25rem)', { lineHeight: '1.05', letterSpacing: '-0.025em' }],
        display: ['clamp(3rem, 1.8rem + 5vw, 6rem)', { lineHeight: '1', letterSpacing: '-0.03em' }],
      },
      spacing: {
        gutter: '1.25rem',
        section: 'clamp(4rem, 3rem + 4vw, 7.5rem)',
        header: '4.5rem',
      },
      borderRadius: {
        button: '9999px',
        card: '1.25rem',
        field: '0.75rem',
      },
      maxWidth: {
        content: '72rem',
        prose: '42rem',
      },
      boxShadow: {
        card: '0 1px 0 0 rgba(255,255,255,0.04) inset, 0 20px 40px -24px rgba(0,0,0,0.8)',
        focus: '0 0 0 3px #07100c, 0 0 0 6px #5fe095',
      },
      transitionTimingFunction: {
        swing: 'cubic-bezier(0.22, 1, 0.36, 1)',
      },
    },
  },
  plugins: [],
};
