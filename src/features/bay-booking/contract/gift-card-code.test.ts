import { describe, expect, it } from 'vitest';
import { BALANCE_TEXTS } from '../../gift-cards/contract/balance-texts';
import { giftCardCodeSchema } from './booking-form';

describe('the gift card code on /book', () => {
  it('refuses what cannot be a code or fails its check character, with the one message', () => {
    for (const value of ['ABCD', '0000-0000-0000-0000', 'ABCD-EFGH-JKLM-NPQ6', 'x'.repeat(41), 5, null, true, {}]) {
      const checked = giftCardCodeSchema.safeParse(value);
      expect(checked.success, String(value)).toBe(false);
      expect(checked.error?.issues[0]?.message).toBe(BALANCE_TEXTS.badCode);
    }
  });

  it('normalizes a good code (case, dashes, spaces); empty or none is no card', () => {
    expect(giftCardCodeSchema.parse('abcd-efgh-jklm-npq5')).toBe('ABCDEFGHJKLMNPQ5');
    expect(giftCardCodeSchema.parse(' ABCD EFGH JKLM NPQ5 ')).toBe('ABCDEFGHJKLMNPQ5');
    expect(giftCardCodeSchema.parse('  ')).toBeUndefined();
    expect(giftCardCodeSchema.parse(undefined)).toBeUndefined();
  });
});
