import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../domain/contrast';

const require = createRequire(import.meta.url);
const config = require('../../tailwind.config.cjs') as { theme: { colors: Record<string, string | Record<string, string>> } };
const colors = config.theme.colors;

function color(name: string): string {
  const [group, shade = 'DEFAULT'] = name.split('.');
  const value = colors[group!];
  const hex = typeof value === 'string' ? value : value?.[shade];
  if (!hex) throw new Error(`No colour token ${name}`);
  return hex;
}

/** Every text/background pair the design uses; body text needs 4.5:1 (WCAG AA). */
const pairs: Array<[text: string, background: string]> = [
  ['text', 'ink'],
  ['text', 'surface'],
  ['text', 'raised'],
  ['muted', 'ink'],
  ['muted', 'surface'],
  ['muted', 'raised'],
  ['accent.strong', 'ink'],
  ['accent.strong', 'surface'],
  ['accent.strong', 'raised'],
  ['accent', 'ink'],
  ['accent', 'surface'],
  ['accent.on', 'accent'],
  ['accent.on', 'accent.strong'],
  ['text', 'accent.deep'],
  ['gold', 'ink'],
  ['gold', 'surface'],
  ['warning', 'surface'],
  ['warning', 'raised'],
  ['danger', 'surface'],
  ['danger', 'raised'],
  ['success', 'surface'],
];

describe('design tokens', () => {
  it.each(pairs)('%s on %s meets WCAG AA (4.5:1)', (text, background) => {
    expect(contrastRatio(color(text), color(background))).toBeGreaterThanOrEqual(4.5);
  });

  it('computes known ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
