import { describe, expect, it } from 'vitest';
import { cardMessage, receiptMessage } from './emails';
import type { GiftCardRecord } from '../server/record';

const code = 'ABCDEFGHJKLMNPQ5';
const card: GiftCardRecord = {
  id: '6f1c1c53-0000-4000-8000-000000000001',
  checkoutSessionId: 'cs_1',
  paymentIntent: 'pi_1',
  amountCents: 5000,
  purchaser: { name: 'Pat Buyer', email: 'pat@example.com' },
  recipient: { name: 'Robin <b>Green</b>', email: 'robin@example.com' },
  toSelf: false,
  message: 'Happy birthday!\n<script>alert(1)</script>',
  deliverOn: '2026-12-24',
  issuedAt: '2026-12-01T18:00:00.000Z',
  codeHash: 'x',
  codeHint: 'NPQ5',
  codeVersion: 1,
};
const all = (message: ReturnType<typeof cardMessage>) => JSON.stringify(message);

describe('gift card messages', () => {
  it('gives the purchaser a receipt naming recipient and date, never the code when the card goes to someone else', () => {
    const receipt = receiptMessage(card);
    expect(receipt.to).toEqual(['pat@example.com']);
    expect(receipt.secret).toBeUndefined();
    expect(all(receipt)).toContain('December 24, 2026');
    expect(all(receipt)).toContain('robin@example.com');
    expect(all(receipt)).not.toContain('ABCD-EFGH');
    expect(all(receipt)).not.toContain(code);
  });

  it('sends the recipient the amount, message, grouped code and a printable card, marked secret so the outbox forgets it', () => {
    const message = cardMessage(card, code);
    expect(message.to).toEqual(['robin@example.com']);
    expect(message.secret).toBe(true);
    expect(message.key).toBe(`gift-card:${card.id}:1`);
    expect(message.subject).toBe('Pat Buyer sent you a $50.00 gift card – Verona Indoor Golf');
    expect(all(message)).toContain('ABCD-EFGH-JKLM-NPQ5');
    const printable = message.attachments![0]!;
    expect(printable).toMatchObject({ filename: 'gift-card.html', contentType: 'text/html; charset=utf-8' });
    expect(printable.content).toContain('ABCD-EFGH-JKLM-NPQ5');
    expect(printable.content).toContain('@page');
    expect(printable.content).not.toContain('<script>');
    expect(printable.content).not.toContain('<b>Green');
  });

  it('keeps line breaks and control characters out of subjects', () => {
    const message = cardMessage({ ...card, purchaser: { name: 'Pat\r\nBcc: evil@example.com', email: 'pat@example.com' } }, code);
    expect(message.subject).not.toMatch(/[\r\n]/);
  });
});
