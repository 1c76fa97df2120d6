import { describe, expect, it } from 'vitest';
import { markFills } from './marks';

describe('markFills', () => {
  it('gives each mark and value as written inside a JSON string, so a value filled over its mark leaves the JSON of the filled text', () => {
    const fills = markFills([['{{bay:1}}', 'Bay "Two" \\ 2\n']]);
    expect(fills).toEqual([['{{bay:1}}', 'Bay \\"Two\\" \\\\ 2\\n']]);
    const stored = JSON.stringify({ value: 'On {{bay:1}} today' });
    const filled = stored.split(fills[0]![0]).join(fills[0]![1]);
    expect(JSON.parse(filled)).toEqual({ value: 'On Bay "Two" \\ 2\n today' });
  });
});
