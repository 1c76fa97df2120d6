import { describe, expect, it } from 'vitest';
import { emptyOrder, orderBody, orderProblems, type OrderForm } from './order-state';

const content = { presets: [25, 50, 100, 200], custom: { allowed: true, min: 10, max: 500 } };
const now = Date.parse('2026-12-01T18:00:00Z');
const filled = (overrides: Partial<OrderForm> = {}): OrderForm => ({
  ...emptyOrder(content, '2026-12-01'),
  purchaserName: 'Pat Buyer',
  purchaserEmail: 'pat@example.com',
  recipientName: 'Robin Green',
  recipientEmail: 'robin@example.com',
  ...overrides,
});

describe('the gift card order form', () => {
  it('starts on the second preset and today, and accepts a filled form', () => {
    expect(emptyOrder(content, '2026-12-01')).toMatchObject({ choice: 50, deliverOn: '2026-12-01', toSelf: false });
    expect(orderProblems(filled(), content, now)).toEqual({});
  });

  it('names each field the server would refuse', () => {
    const problems = orderProblems(filled({ choice: 'custom', customAmount: '600', purchaserEmail: 'pat@', recipientName: ' ', message: 'x'.repeat(301), deliverOn: '2026-11-30' }), content, now);
    expect(Object.keys(problems).sort()).toEqual(['amount', 'deliverOn', 'message', 'purchaserEmail', 'recipientName']);
  });

  it('asks nothing about a recipient when the card comes to the purchaser, and sends none', () => {
    const form = filled({ toSelf: true, recipientName: '', recipientEmail: '' });
    expect(orderProblems(form, content, now)).toEqual({});
    expect(orderBody(form)).toEqual({ amount: 50, purchaserName: 'Pat Buyer', purchaserEmail: 'pat@example.com', toSelf: true, message: '', deliverOn: '2026-12-01' });
    expect(orderBody(filled({ choice: 'custom', customAmount: '75' })).amount).toBe(75);
  });
});
