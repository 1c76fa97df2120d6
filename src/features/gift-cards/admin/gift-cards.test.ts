import { describe, expect, it } from 'vitest';
import { giftCardsCsv, signedCents, typedCents } from './gift-cards';

const card = {
  id: '6f1c1c53-0000-4000-8000-000000000001',
  codeHint: 'WXYZ',
  status: 'active' as const,
  amountCents: 5000,
  balanceCents: 1250,
  purchaser: { name: '=Pat', email: 'pat@example.com' },
  recipient: { name: 'Robin, Green', email: 'robin@example.com' },
  toSelf: false,
  message: 'Hi',
  deliverOn: '2026-12-24',
  issuedAt: '2026-12-01T18:00:00.000Z',
  checkoutSessionId: 'cs_1',
};

describe('the staff gift card page', () => {
  it('writes the CSV with amounts in dollars, formulas disarmed and commas quoted', () => {
    const lines = giftCardsCsv([card]).replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Issued At,Card,Status,Amount,Balance,Purchaser,Purchaser Email,Recipient,Recipient Email,Delivery Date,Card ID,Checkout Session');
    expect(lines[1]).toBe("2026-12-01T18:00:00.000Z,…WXYZ,active,$50.00,$12.50,'=Pat,pat@example.com,\"Robin, Green\",robin@example.com,2026-12-24,6f1c1c53-0000-4000-8000-000000000001,cs_1");
  });

  it('reads dollars as staff type them', () => {
    expect(typedCents('12.5')).toBe(1250);
    expect(typedCents('$7')).toBe(700);
    expect(typedCents('-5.25')).toBe(-525);
    expect(typedCents('1,200')).toBe(120000);
    for (const bad of ['', 'abc', '1.234', '--1']) expect(typedCents(bad)).toBeNull();
    expect(signedCents(-1250)).toBe('−$12.50');
    expect(signedCents(5000)).toBe('+$50.00');
  });
});
