// Gift cards bought through the function and paid in the Stripe emulator: the verified webhook issues
// one card per session (a replay issues nothing), the reconciler issues one whose webhook never came,
// the card's mail waits for its delivery date and the scheduled outbox run sends it then, and a
// hundred concurrent debits never overdraw. The clock is fixed (Date only) so dates never depend on today.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import buy from '../../netlify/functions/gift-card-checkout';
import mailOutbox from '../../netlify/functions/mail-outbox';
import reconcilePayments from '../../netlify/functions/reconcile-payments';
import { changeBalance } from '../../src/features/gift-cards/server/balance-script';
import { PENDING_MARGIN_MS } from '../../src/features/gift-cards/server/checkout';
import { issueCard, cardFor } from '../../src/features/gift-cards/server/issue';
import { BALANCES_KEY, CARDS_KEY, CODES_KEY, hashCode, ledgerKey, PENDING_KEY } from '../../src/features/gift-cards/server/keys';
import { cardByCode } from '../../src/features/gift-cards/server/lookup';
import { normalizeCode } from '../../src/features/gift-cards/rules/code';
import { firstUnsoundEntry, ledgerSum } from '../../src/features/gift-cards/rules/ledger';
import { apiRequest, clearStore, restoreStoreEnv, withRedis } from './api-helpers';
import { afterAnswerContext, useMailCatcher } from './mail-helpers';
import { startPaymentsHarness, type PaymentsHarness } from './payments-harness';

const T0 = new Date('2026-12-01T18:00:00Z');
let payments: PaymentsHarness;
const mail = useMailCatcher();
let savedCalendar: string | undefined;

const order = (overrides: Record<string, unknown> = {}) => ({
  amount: 50,
  purchaserName: 'Pat Buyer',
  purchaserEmail: 'pat@example.com',
  toSelf: false,
  recipientName: 'Robin Green',
  recipientEmail: 'robin@example.com',
  message: 'Happy birthday!\nSee you on the range.',
  deliverOn: '2026-12-24',
  ...overrides,
});

async function buyCard(overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await buy(apiRequest('/api/gift-card-checkout', { body: order(overrides) }));
  expect(response.status).toBe(200);
  return String(((await response.json()) as { url: string }).url).split('/').at(-1)!;
}

async function outboxRun(): Promise<void> {
  const response = await mailOutbox(new Request('http://localhost/.netlify/functions/mail-outbox', { method: 'POST', body: '{"next_run":"2026-12-01T18:05:00Z"}' }));
  expect(response.status).toBe(204);
}

const cardCount = () => withRedis((redis) => redis.zCard(CARDS_KEY));
const CODE = /[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/;

describe('gift cards: buying, issuing and delivering', () => {
  beforeAll(async () => {
    payments = await startPaymentsHarness();
  });
  afterAll(async () => payments.close());
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: T0 });
    savedCalendar = process.env['CALENDAR_NOW'];
    process.env['CALENDAR_NOW'] = T0.toISOString();
    payments.useEnv();
    payments.emulator.webhookUrl = payments.webhookUrl;
    await clearStore();
    mail.catcher.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    process.env['CALENDAR_NOW'] = savedCalendar;
    restoreStoreEnv();
  });

  it('refuses amounts outside the content, bad dates, e-mails, names and messages: 400 with the field, no Checkout, nothing stored', async () => {
    const sessionsBefore = payments.emulator.state.sessions.size;
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ amount: 5 }, 'amount'],
      [{ amount: 501 }, 'amount'],
      [{ amount: 25.5 }, 'amount'],
      [{ amount: '50' }, 'amount'],
      [{ deliverOn: '2026-11-30' }, 'deliverOn'],
      [{ deliverOn: '2027-12-02' }, 'deliverOn'],
      [{ deliverOn: '2026-02-30' }, 'deliverOn'],
      [{ recipientEmail: 'robin@' }, 'recipientEmail'],
      [{ purchaserEmail: 'pat@example.com\r\nBcc: x@evil.example' }, 'purchaserEmail'],
      [{ recipientName: 'Robin\r\nBcc: x@evil.example' }, 'recipientName'],
      [{ message: 'x'.repeat(301) }, 'message'],
    ];
    for (const [overrides, field] of refused) {
      const response = await buy(apiRequest('/api/gift-card-checkout', { body: order(overrides) }));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(Object.keys(((await response.json()) as { fields: Record<string, string> }).fields)).toEqual([field]);
    }
    expect(payments.emulator.state.sessions.size).toBe(sessionsBefore);
    expect(await withRedis((redis) => redis.keys('giftcard:*'))).toEqual([]);
  });

  it('charges the amount decided on the server, in payment mode, cards only', async () => {
    const sessionId = await buyCard({ amount: 37 });
    const session = payments.emulator.state.sessions.get(sessionId)!;
    expect(session.amount_total).toBe(3700);
    expect(session.mode).toBe('payment');
    expect(session.payment_method_types).toEqual(['card']);
    expect(session.metadata['kind']).toBe('gift-card');
    expect(session.success_url).toContain('/gift-cards/success?to=Robin+Green&on=2026-12-24&self=0');
    expect(await withRedis((redis) => redis.zScore(PENDING_KEY, sessionId))).toBe(T0.getTime());
  });

  it('issues one card on the webhook; the receipt carries no code; a replay issues nothing; the card arrives on its date and its code is then forgotten', async () => {
    const sessionId = await buyCard();
    const { events } = await payments.emulator.completeCheckout(sessionId, { email: 'pat@example.com' });
    expect(await cardCount()).toBe(1);
    expect(await withRedis((redis) => redis.zScore(PENDING_KEY, sessionId))).toBeNull();

    await outboxRun();
    const receipts = await mail.catcher.messages();
    expect(receipts.map((message) => message.to[0])).toEqual(['pat@example.com']);
    expect(receipts[0]!.text).toContain('Robin Green');
    expect(receipts[0]!.text).toContain('December 24, 2026');
    expect(receipts[0]!.text).not.toMatch(CODE);

    const completed = events.find((event) => event.type === 'checkout.session.completed')!;
    await payments.emulator.resendEvent(completed.id);
    expect(await cardCount()).toBe(1);
    const [id] = await withRedis((redis) => redis.zRange(CARDS_KEY, 0, -1));
    expect(await withRedis((redis) => redis.lLen(ledgerKey(id!)))).toBe(1);

    // The day before: nothing for Robin yet.
    vi.setSystemTime(new Date('2026-12-24T13:59:00Z'));
    mail.catcher.clear();
    await outboxRun();
    expect(await mail.catcher.messages()).toEqual([]);

    // 08:00 venue time on the 24th: the scheduled run sends it.
    vi.setSystemTime(new Date('2026-12-24T14:00:30Z'));
    await outboxRun();
    const [card] = await mail.catcher.messages();
    expect(card!.to).toEqual(['robin@example.com']);
    expect(card!.subject).toContain('Pat Buyer sent you a $50.00 gift card');
    expect(card!.text).toContain('Happy birthday!');
    expect(card!.attachments.map((attachment) => attachment.filename)).toEqual(['gift-card.html']);
    const code = card!.text.match(CODE)![0];
    expect(await withRedis((redis) => redis.hGet(CODES_KEY, hashCode(normalizeCode(code)!)))).toBe(id);
    expect((await cardByCode(normalizeCode(code)!))?.balanceCents).toBe(5000);
    // No copy of the code is left in the store once the message is sent.
    const stored = await withRedis(async (redis) => Promise.all((await redis.keys('*')).map(async (key) => ((await redis.type(key)) === 'string' ? ((await redis.get(key)) ?? '') : ''))));
    expect(stored.filter((value) => value.includes(code) || value.includes(normalizeCode(code)!))).toEqual([]);
  });

  it('issues a paid card whose webhook never came at the next reconciliation', async () => {
    const sessionId = await buyCard({ toSelf: true, recipientName: undefined, recipientEmail: undefined, deliverOn: '2026-12-01' });
    payments.emulator.webhookUrl = undefined;
    await payments.emulator.completeCheckout(sessionId, { email: 'pat@example.com' });
    expect(await cardCount()).toBe(0);

    vi.setSystemTime(new Date(T0.getTime() + PENDING_MARGIN_MS + 60_000));
    const { context, settled } = afterAnswerContext();
    const answer = await reconcilePayments(new Request('http://localhost/.netlify/functions/reconcile-payments', { method: 'POST', body: '{}' }), context);
    await settled();
    expect(answer.status).toBe(204);
    expect(await cardCount()).toBe(1);
    // Sent to the purchaser to print: the receipt and the card (due today) both went out after the answer.
    const messages = await mail.catcher.messages();
    expect(messages.map((message) => message.to[0]).sort()).toEqual(['pat@example.com', 'pat@example.com']);
    expect(messages.find((message) => message.subject.includes('to print'))?.text).toMatch(CODE);
  });

  it('never overdraws under 100 concurrent debits: the balance is what the ledger adds up to', async () => {
    const made = cardFor({ id: 'cs_concurrent', mode: 'payment', status: 'complete', payment_status: 'paid', amount_total: 5000, payment_intent: 'pi_1', metadata: { kind: 'gift-card', amountCents: '5000', purchaserName: 'Pat', purchaserEmail: 'pat@example.com', toSelf: '1', recipientName: 'Pat', recipientEmail: 'pat@example.com', message: '', deliverOn: '2026-12-01' } }, T0.getTime())!;
    expect((await issueCard(made.card, made.code, null, T0.getTime())).issued).toBe(true);
    const results = await Promise.all(Array.from({ length: 100 }, (_, index) => changeBalance({ id: made.card.id, amountCents: -75, kind: 'debit', note: index % 2 ? 'Bar tab' : 'Bay time', reference: `debit-${index}`, at: T0 })));
    expect(results.filter((result) => result.ok)).toHaveLength(66);
    expect(results.filter((result) => !result.ok).every((result) => !result.ok && result.reason === 'overdrawn')).toBe(true);
    const state = (await cardByCode(made.code))!;
    expect(state.balanceCents).toBe(50);
    expect(ledgerSum(state.ledger)).toBe(50);
    expect(firstUnsoundEntry(state.ledger)).toBe(-1);
    expect(await withRedis((redis) => redis.hGet(BALANCES_KEY, made.card.id))).toBe('50');
  });
});
