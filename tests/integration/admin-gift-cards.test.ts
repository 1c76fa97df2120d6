// The staff's gift card endpoints: session and same-origin guards, look-up by code (a bad code is a
// 400), search by e-mail, debit with a note (never below zero), adjust with a reason, resend with a
// new code (the old stops working) and void, refunding an unspent card's purchase through Stripe.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminFunction, { config as adminConfig } from '../../netlify/functions/admin-gift-cards';
import buy from '../../netlify/functions/gift-card-checkout';
import mailOutbox from '../../netlify/functions/mail-outbox';
import type { StaffGiftCard, StaffGiftCardDetail } from '../../src/features/gift-cards/contract/admin-gift-cards';
import { cardFor, issueCard } from '../../src/features/gift-cards/server/issue';
import { CARDS_KEY } from '../../src/features/gift-cards/server/keys';
import { cardByCode } from '../../src/features/gift-cards/server/lookup';
import { routed } from '../support/function-context';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, clearStore, restoreStoreEnv, useCountingBridge, withRedis } from './api-helpers';
import { afterAnswerContext, useMailCatcher } from './mail-helpers';
import { startPaymentsHarness, type PaymentsHarness } from './payments-harness';

const admin = routed(adminFunction, adminConfig);
const mail = useMailCatcher();
let payments: PaymentsHarness;
let cookie = '';
const NOW = Date.parse('2026-12-01T18:00:00Z');
const CODE = /[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/;

async function issued(email = 'pat@example.com', amountCents = 5000) {
  const made = cardFor({ id: `cs_admin_${email}`, mode: 'payment', status: 'complete', payment_status: 'paid', amount_total: amountCents, payment_intent: null, metadata: { kind: 'gift-card', amountCents: String(amountCents), purchaserName: 'Pat Buyer', purchaserEmail: email, toSelf: '0', recipientName: 'Robin Green', recipientEmail: 'robin@example.com', message: '', deliverOn: '2026-12-01' } }, NOW)!;
  await issueCard(made.card, made.code, null, NOW);
  return made;
}

const post = (path: string, body: unknown, options: { origin?: string | null } = {}) => admin(apiRequest(path, { body, cookie, ...options }));
async function ok<T>(response: Promise<Response>, status = 200): Promise<T> {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return (await answer.json()) as T;
}

describe('/api/admin/gift-cards', () => {
  beforeAll(async () => {
    payments = await startPaymentsHarness();
  });
  afterAll(async () => payments.close());
  beforeEach(async () => {
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    payments.useEnv();
    await clearStore();
    mail.catcher.clear();
    cookie = await adminCookie();
  });
  afterEach(restoreStoreEnv);

  it('needs the staff session, and the site as origin of every change', async () => {
    const { card } = await issued();
    expect((await admin(apiRequest('/api/admin/gift-cards'))).status).toBe(401);
    expect((await admin(apiRequest(`/api/admin/gift-cards/card/${card.id}`, { body: { action: 'debit', amountCents: 100, note: 'Fries' } }))).status).toBe(401);
    expect((await post(`/api/admin/gift-cards/card/${card.id}`, { action: 'debit', amountCents: 100, note: 'Fries' }, { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('looks a card up by code and by e-mail, debits with a note, refuses overdrawing, adjusts only with a reason', async () => {
    const { card, code } = await issued();
    await issued('other@example.com');
    expect((await post('/api/admin/gift-cards/lookup', { code: 'ABCD-EFGH' })).status).toBe(400);
    const found = await ok<StaffGiftCardDetail>(post('/api/admin/gift-cards/lookup', { code: code.toLowerCase() }));
    expect(found).toMatchObject({ id: card.id, balanceCents: 5000, codeHint: code.slice(12), ledger: [{ kind: 'issue', amountCents: 5000 }] });
    const searched = await ok<StaffGiftCard[]>(admin(apiRequest('/api/admin/gift-cards/search/pat%40example', { cookie })));
    expect(searched.map((each) => each.id)).toEqual([card.id]);
    expect(await ok<StaffGiftCard[]>(admin(apiRequest('/api/admin/gift-cards', { cookie })))).toHaveLength(2);

    const path = `/api/admin/gift-cards/card/${card.id}`;
    const debited = await ok<StaffGiftCardDetail>(post(path, { action: 'debit', amountCents: 1850, note: 'Burger and two beers' }));
    expect(debited.balanceCents).toBe(3150);
    expect(debited.ledger.at(-1)).toMatchObject({ kind: 'debit', amountCents: -1850, balanceAfterCents: 3150, note: 'Burger and two beers' });
    const over = await post(path, { action: 'debit', amountCents: 3151, note: 'Too much' });
    expect(over.status).toBe(409);
    expect(((await over.json()) as { error: string }).error).toBe('The card holds only $31.50.');
    for (const bad of [{ action: 'debit', amountCents: 100, note: '' }, { action: 'debit', amountCents: -5, note: 'x' }, { action: 'debit', amountCents: 1.5, note: 'x' }, { action: 'adjust', amountCents: 500 }, { action: 'adjust', amountCents: 0, reason: 'x' }, { action: 'debit', amountCents: 100, note: 'a\r\nb' }, { action: 'explode' }]) {
      expect((await post(path, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    const adjusted = await ok<StaffGiftCardDetail>(post(path, { action: 'adjust', amountCents: -150, reason: 'Rounding at the bar' }));
    expect(adjusted.balanceCents).toBe(3000);
    expect(adjusted.ledger.map((entry) => entry.kind)).toEqual(['issue', 'debit', 'adjust']);
    expect((await admin(apiRequest('/api/admin/gift-cards/card/not-a-card', { cookie }))).status).toBe(404);
  });

  it('takes a purchase at the venue in one store round trip before the answer', async () => {
    const { card } = await issued();
    const path = `/api/admin/gift-cards/card/${card.id}`;
    await ok(post(path, { action: 'debit', amountCents: 100, note: 'Warm-up: the script is loaded' }));
    const bridge = await useCountingBridge();
    try {
      await ok(post(path, { action: 'debit', amountCents: 100, note: 'Loads the script on this bridge client' }));
      const before = bridge.requestCount;
      const debited = await ok<StaffGiftCardDetail>(post(path, { action: 'debit', amountCents: 250, note: 'Coffee' }));
      expect(bridge.requestCount - before).toBe(1);
      expect(debited.balanceCents).toBe(4550);
      expect(debited.ledger).toHaveLength(4);
    } finally {
      await bridge.close();
    }
  });

  it('resends with a new code: the old one stops working, the new one reaches the recipient', async () => {
    const { card, code } = await issued();
    const { context, settled } = afterAnswerContext();
    await ok<StaffGiftCardDetail>(admin(apiRequest(`/api/admin/gift-cards/card/${card.id}`, { body: { action: 'resend' }, cookie }), context));
    await settled();
    const sent = (await mail.catcher.messages()).filter((message) => message.to[0] === 'robin@example.com');
    expect(sent).toHaveLength(1);
    const fresh = sent[0]!.text.match(CODE)![0];
    expect(await cardByCode(code)).toBeNull();
    expect((await cardByCode(fresh.replace(/-/g, '')))?.card.id).toBe(card.id);
    // The first message, still waiting for its date, was withdrawn: only the new code is ever sent.
    mail.catcher.clear();
    await mailOutbox(new Request('http://localhost/.netlify/functions/mail-outbox', { method: 'POST', body: '{}' }));
    expect((await mail.catcher.messages()).filter((message) => message.to[0] === 'robin@example.com')).toEqual([]);
  });

  it('voids an unspent card, refunds its purchase through Stripe and withdraws its waiting message; a spent card is voided without a refund', async () => {
    const response = await buy(apiRequest('/api/gift-card-checkout', { body: { amount: 25, purchaserName: 'Pat Buyer', purchaserEmail: 'pat@example.com', toSelf: true, message: '', deliverOn: '2025-10-01' } }));
    expect(response.status).toBe(200);
    const sessionId = String(((await response.json()) as { url: string }).url).split('/').at(-1)!;
    await payments.emulator.completeCheckout(sessionId, { email: 'pat@example.com' });
    const [id] = await withRedis((redis) => redis.zRange(CARDS_KEY, 0, -1));
    const path = `/api/admin/gift-cards/card/${id}`;
    expect((await post(path, { action: 'void', expectedBalanceCents: 100 })).status).toBe(409);
    const voided = await ok<StaffGiftCardDetail>(post(path, { action: 'void', expectedBalanceCents: 2500 }));
    expect(voided).toMatchObject({ status: 'void', balanceCents: 0 });
    expect(voided.ledger.at(-1)).toMatchObject({ kind: 'void', amountCents: -2500, note: 'Voided by staff; purchase refunded', reference: sessionId });
    expect([...payments.emulator.state.refunds.values()].map((refund) => refund.amount)).toEqual([2500]);
    // The card's own message, still waiting, was withdrawn with the void: only the receipt goes out.
    await mailOutbox(new Request('http://localhost/.netlify/functions/mail-outbox', { method: 'POST', body: '{}' }));
    expect((await mail.catcher.messages()).map((message) => message.subject)).toEqual([expect.stringContaining('gift card receipt')]);
    expect((await post(path, { action: 'debit', amountCents: 1, note: 'x' })).status).toBe(409);

    const spent = await issued('spent@example.com');
    await ok(post(`/api/admin/gift-cards/card/${spent.card.id}`, { action: 'debit', amountCents: 1000, note: 'Lunch' }));
    const spentVoid = await ok<StaffGiftCardDetail>(post(`/api/admin/gift-cards/card/${spent.card.id}`, { action: 'void', expectedBalanceCents: 4000 }));
    expect(spentVoid.ledger.at(-1)).toMatchObject({ kind: 'void', amountCents: -4000, note: 'Voided by staff' });
    expect(payments.emulator.state.refunds.size).toBe(1);
  });
});
