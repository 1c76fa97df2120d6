import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CHART_COLORS, withAlpha } from './palette';

const require = createRequire(import.meta.url);
const { theme } = require('../../../../tailwind.config.cjs') as { theme: { colors: Record<string, string | Record<string, string>> } };
const accent = theme.colors['accent'] as Record<string, string>;

describe('chart palette', () => {
  it('is the site’s tokens', () => {
    expect(CHART_COLORS).toEqual({
      text: theme.colors['text'],
      muted: theme.colors['muted'],
      line: theme.colors['line'],
      surface: theme.colors['surface'],
      accent: accent['DEFAULT'],
      accentStrong: accent['strong'],
      accentDeep: accent['deep'],
      gold: theme.colors['gold'],
      warning: theme.colors['warning'],
      danger: theme.colors['danger'],
      success: theme.colors['success'],
    });
  });

  it('writes a token with transparency', () => {
    expect(withAlpha('#3ccf7a', 0.5)).toBe('rgba(60, 207, 122, 0.5)');
  });
});
