import { describe, expect, it } from 'vitest';
import { holdsAt, whenAttributes, whenText } from './calendar-spans';

const spans = [
  { from: null, until: '2026-01-01T00:00:00.000Z' },
  { from: '2026-03-01T00:00:00.000Z', until: '2026-04-01T00:00:00.000Z' },
  { from: '2026-06-01T00:00:00.000Z', until: null },
];

describe('calendar spans', () => {
  it('are written as from/until pairs, an open side empty', () => {
    expect(whenText(spans)).toBe('/2026-01-01T00:00:00.000Z 2026-03-01T00:00:00.000Z/2026-04-01T00:00:00.000Z 2026-06-01T00:00:00.000Z/');
    expect(whenText([])).toBe('');
  });

  it('hold from their start, until just before their end', () => {
    expect(holdsAt(spans, new Date('2025-12-31T23:59:59.999Z'))).toBe(true);
    expect(holdsAt(spans, new Date('2026-01-01T00:00:00.000Z'))).toBe(false);
    expect(holdsAt(spans, new Date('2026-03-01T00:00:00.000Z'))).toBe(true);
    expect(holdsAt(spans, new Date('2026-04-01T00:00:00.000Z'))).toBe(false);
    expect(holdsAt(spans, new Date('2099-01-01T00:00:00.000Z'))).toBe(true);
    expect(holdsAt([], new Date())).toBe(false);
  });

  it('hide an element at the build’s clock when no span holds', () => {
    expect(whenAttributes(spans, new Date('2026-02-01T00:00:00Z'))).toEqual({ 'data-when': whenText(spans), hidden: true });
    expect(whenAttributes(spans, new Date('2026-03-02T00:00:00Z')).hidden).toBe(false);
  });
});
