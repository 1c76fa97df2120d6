import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS, MAX_RETRY_MS, retryDelayMs } from './message';

describe('retryDelayMs', () => {
  it('waits one scheduled period after the first failure, then doubles up to the cap', () => {
    expect(retryDelayMs(1)).toBe(FIRST_RETRY_MS);
    expect(retryDelayMs(2)).toBe(2 * FIRST_RETRY_MS);
    expect(retryDelayMs(4)).toBe(8 * FIRST_RETRY_MS);
    expect(retryDelayMs(30)).toBe(MAX_RETRY_MS);
  });
});
