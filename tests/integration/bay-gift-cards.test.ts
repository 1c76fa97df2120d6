// A gift card paying for bay time (issue 25 point 5): the hold's one script takes min(balance, price)
// from the card while it claims the bay; Checkout charges the rest, a booking the card covers wholly is
// confirmed at once; a lapsed hold gives the card's part back, a cancel refunds each part where it came
// from; every change is a ledger entry naming the booking; concurrent holds never overdraw a card.
import { describe, expect, it } from 'vitest';
import hold from '../../netlify/functions/bay-hold';
import type { BayHoldRequest } from '../../src/features/bay-booking/contract/booking-form';
import { readBooking, releaseBooking } from '../../src/features/bay-booking/server/store';
import { bookingKeys } from '../../src/features/bay-booking/server/booking-keys';
import { changeBalance } from '../../src/features/gift-cards/server/balance-script';
import { cardFor, issueCard } from '../../src/features/gift-cards/server/issue';
import { addDays } from '../../src/features/bay-booking/rules/local-time';
import { cardsById } from '../../src/features/gift-cards/server/lookup';
import { checkCharacter, groupCode } from '../../src/features/gift-cards/rules/code';
import { firstUnsoundEntry, ledgerSum } from '../../src/features/gift-cards/rules/ledger';
import { BALANCE_TEXTS } from '../../src/features/gift-cards/contract/balance-texts';
import { nextBookableDay } from '../support/bay-dates';
import { apiRequest, ORIGIN, useCountingBridge, withRedis } from './api-helpers';
import { holdForGuest, TAKEN_MESSAGE } from '../../src/features/bay-booking/server/booking';
import { bayBooking } from '../../src/features/bay-booking/catalogue';
import { bayConfirmationKey } from '../../src/features/bay-booking/mail/emails';
import { useBayPayments, cancelAsGuest } from './bay-helpers';

const harness = useBayPayments();
/** When the cards were bought (their delivery date is checked against it). */
const ISSUED = Date.parse('2026-12-01T18:00:00Z');
let visitors = 0;

async function card(amountCents: number) {
  const made = cardFor({ id: `cs_spend_${amountCents}_${visitors++}`, mode: 'payment', status: 'complete', payment_status: 'paid', amount_total: amountCents, payment_intent: 'pi_card', metadata: { kind: 'gift-card', amountCents: String(amountCents), purchaserName: 'Pat Buyer', purchaserEmail: 'pat@example.com', toSelf: '0', recipientName: 'Robin Green', recipientEmail: 'robin@example.com', message: 'Enjoy', deliverOn: '2026-12-01' } }, ISSUED)!;
  await issueCard(made.card, made.code, null, ISSUED);
  return made;
}

async function cardState(id: string) {
  const [state] = await cardsById([id]);
  return state!;
}

/** A hold through the API by a visitor of their own (address and e-mail), with `giftCardCode`. */
async function holdWith(giftCardCode: string | undefined, start: string, date = nextBookableDay('Friday')) {
  const n = visitors++;
  const body: BayHoldRequest = { date, start, lengthMinutes: 60, partySize: 2, bayType: 'standard', name: 'Robin Fairway', email: `robin${n}@example.com`, phone: '608-555-0142', ...(giftCardCode === undefined ? {} : { giftCardCode }) };
  return hold(apiRequest('/api/bay-hold', { body, headers: { 'x-nf-client-connection-ip': `203.0.113.${n % 250}` } }));
}

async function okHold(giftCardCode: string, start: string) {
  const response = await holdWith(giftCardCode, start);
  expect(response.status, await response.clone().text()).toBe(200);
  const answer = (await response.json()) as { url: string; needsPayment: boolean; bookingId: string };
  return { ...answer, record: (await readBooking(answer.bookingId))! };
}

describe('gift cards on /book', () => {
  it('a card covering part: the card gives its balance, Checkout charges the rest, the payment confirms the booking', async () => {
    const { card: made, code } = await card(1000);
    const { record, needsPayment, url } = await okHold(groupCode(code).toLowerCase(), '12:00');
    const price = record.amountCents + 1000;
    expect(needsPayment).toBe(true);
    expect(record).toMatchObject({ status: 'held', amountCents: price - 1000, giftCard: { id: made.id, cents: 1000 } });
    const sessionId = url.split('/').at(-1)!;
    expect((await harness.payments.stripe.checkout.sessions.retrieve(sessionId)).amount_total).toBe(price - 1000);
    const state = await cardState(made.id);
    expect(state.balanceCents).toBe(0);
    expect(state.ledger.at(-1)).toMatchObject({ kind: 'debit', amountCents: -1000, balanceAfterCents: 0, reference: record.id });
    await harness.payments.emulator.completeCheckout(sessionId, { email: record.email });
    expect(await readBooking(record.id)).toMatchObject({ status: 'confirmed', giftCard: { cents: 1000 } });
    expect((await cardState(made.id)).balanceCents).toBe(0);
  });

  it('a time taken on every bay holds nothing and leaves the card untouched: its balance and ledger as they were', async () => {
    const { card: made, code } = await card(5000);
    const before = await cardState(made.id);
    const standardBays = bayBooking.bays.filter((bay) => bay.type === 'standard').length;
    for (let taken = 0; taken < standardBays; taken += 1) expect((await holdWith(undefined, '15:00')).status).toBe(200);
    const refused = await holdWith(code, '15:00');
    expect([refused.status, (await refused.json()) as unknown]).toEqual([409, { error: TAKEN_MESSAGE }]);
    expect(await cardState(made.id)).toEqual(before);
  });

  it('a card covering it all: confirmed at once, no Checkout', async () => {
    const { card: made, code } = await card(50_000);
    const { record, needsPayment, url } = await okHold(code, '13:00');
    const price = record.giftCard!.cents;
    expect(price).toBeGreaterThan(0);
    expect(needsPayment).toBe(false);
    expect(url).toContain(record.id);
    expect(record).toMatchObject({ status: 'confirmed', holdUntil: 0, amountCents: 0, giftCard: { id: made.id, cents: price } });
    expect(record.checkoutSessionId).toBeUndefined();
    expect((await cardState(made.id)).balanceCents).toBe(50_000 - price);
  });

  it('a hold with a card is one round trip to the store; a card covering it all queues the confirmation naming what the card paid', async () => {
    const { card: made, code } = await card(50_000);
    const body: BayHoldRequest = { date: nextBookableDay('Friday'), start: '18:00', lengthMinutes: 60, partySize: 2, bayType: 'standard', name: 'Robin Fairway', email: 'robin@example.com', phone: '608-555-0142', giftCardCode: code };
    const now = Date.now();
    const bridge = await useCountingBridge();
    try {
      const before = bridge.requestCount;
      const { record } = await holdForGuest(body, null, now, { origin: ORIGIN, client: '198.51.100.9' });
      expect(bridge.requestCount - before).toBe(1);
      expect(record).toMatchObject({ status: 'confirmed', amountCents: 0, giftCard: { id: made.id } });
      const queued = await withRedis(async (client) => ({ body: await client.get(`mail:msg:${bayConfirmationKey(record.id)}`), status: await client.hGet('mail:status', bayConfirmationKey(record.id)) }));
      expect(queued.status).toBe('queued');
      expect(queued.body).toContain('Paid by gift card');
    } finally {
      await bridge.close();
    }
  });

  it('a lapsed hold gives the card its part back, once, naming the booking', async () => {
    const { card: made, code } = await card(1000);
    const { record, url } = await okHold(code, '14:00');
    await harness.payments.emulator.expireCheckout(url.split('/').at(-1)!);
    expect(await readBooking(record.id)).toMatchObject({ status: 'expired', giftCard: { cents: 1000, returned: true } });
    const state = await cardState(made.id);
    expect(state.balanceCents).toBe(1000);
    expect(state.ledger.slice(1)).toMatchObject([
      { kind: 'debit', amountCents: -1000, reference: record.id },
      { kind: 'refund', amountCents: 1000, balanceAfterCents: 1000, reference: record.id },
    ]);
  });

  it('a payment that comes after the card’s part went back is refunded in full, and the card is not given it twice', async () => {
    const { card: made, code } = await card(1000);
    const { record, url } = await okHold(code, '19:00');
    await releaseBooking(record.id, bookingKeys(record), { status: 'expired', from: ['held'], now: Date.now() });
    expect((await cardState(made.id)).balanceCents).toBe(1000);
    await harness.payments.emulator.completeCheckout(url.split('/').at(-1)!, { email: record.email });
    const after = (await readBooking(record.id))!;
    expect(after).toMatchObject({ status: 'cancelled', paidTooLate: true, refundedCents: record.amountCents, giftCard: { returned: true } });
    const state = await cardState(made.id);
    expect(state.balanceCents).toBe(1000);
    expect(state.ledger.filter((entry) => entry.kind === 'refund')).toHaveLength(1);
  });

  it('a cancel refunds the card its part and the payment method what it paid', async () => {
    const { card: made, code } = await card(1000);
    const { record, url } = await okHold(code, '15:00');
    const price = record.amountCents + 1000;
    await harness.payments.emulator.completeCheckout(url.split('/').at(-1)!, { email: record.email });
    const paid = (await readBooking(record.id))!;
    const cancelled = await cancelAsGuest(paid, Date.now());
    expect(cancelled).toMatchObject({ status: 'cancelled', refundedCents: price - 1000, giftCard: { returned: true } });
    const refunds = await harness.payments.stripe.refunds.list({ payment_intent: cancelled.paymentIntentId! });
    expect(refunds.data.map((refund) => refund.amount)).toEqual([price - 1000]);
    const state = await cardState(made.id);
    expect(state.balanceCents).toBe(1000);
    expect(state.ledger.at(-1)).toMatchObject({ kind: 'refund', amountCents: 1000, reference: record.id });
  });

  it('refuses a code failing its check character before the store is asked, and an unknown code, with the field named and nothing held', async () => {
    const body = 'ABCDEFGHJKLMNPQ';
    const bridge = await useCountingBridge();
    try {
      const before = bridge.requestCount;
      const wrong = await holdWith(body + (checkCharacter(body) === '2' ? '3' : '2'), '16:00');
      expect(bridge.requestCount - before).toBe(0);
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ fields: { giftCardCode: BALANCE_TEXTS.badCode } });
      const unknown = await holdWith(body + checkCharacter(body), '16:00');
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toMatchObject({ fields: { giftCardCode: BALANCE_TEXTS.unknown } });
      // The bay was not claimed: the same time is held without a card.
      expect((await holdWith('', '16:00')).status).toBe(200);
    } finally {
      await bridge.close();
    }
  });

  it('holds spending one card at once never overdraw it: what they took adds up to the balance it had', async () => {
    const { card: made, code } = await card(2500);
    const starts = ['12:00', '13:00', '14:00', '15:00', '16:00', '17:00'];
    const responses = await Promise.all(starts.map((start) => holdWith(code, start)));
    const taken: number[] = [];
    for (const response of responses) {
      const answer = (await response.json()) as { bookingId?: string; fields?: { giftCardCode?: string } };
      if (response.status === 200) taken.push((await readBooking(answer.bookingId!))!.giftCard?.cents ?? 0);
      else expect(answer.fields?.giftCardCode).toBeTruthy();
    }
    expect(taken.reduce((sum, cents) => sum + cents, 0)).toBe(2500);
    const state = await cardState(made.id);
    expect(state.balanceCents).toBe(0);
    expect(ledgerSum(state.ledger)).toBe(0);
    expect(firstUnsoundEntry(state.ledger)).toBe(-1);
  });

  it('online holds and staff debits of one card at once, 100 in all, leave exactly the balance the ledger adds up to, never below zero', async () => {
    const { card: made, code } = await card(60000);
    // Ten holds on /book (a visitor each, their own hour on one of the next Fridays) beside ninety $5.00 debits at the venue.
    const fridays = [nextBookableDay('Friday'), addDays(nextBookableDay('Friday'), 7)];
    const starts = ['12:00', '13:00', '14:00', '15:00', '16:00'];
    const holds = fridays.flatMap((date) => starts.map((start) => holdWith(code, start, date)));
    const debits = Array.from({ length: 90 }, (_, index) => changeBalance({ id: made.id, amountCents: -500, kind: 'debit', note: `Bar tab ${index}`, reference: '', at: new Date(ISSUED + index) }));
    const [holdAnswers, debitAnswers] = await Promise.all([Promise.all(holds), Promise.all(debits)]);
    const held: number[] = [];
    for (const response of holdAnswers) {
      const answer = (await response.json()) as { bookingId?: string; fields?: { giftCardCode?: string } };
      // A hold that came after the card ran out is refused on its code field, holding nothing.
      if (response.status === 200) held.push((await readBooking(answer.bookingId!))!.giftCard?.cents ?? 0);
      else expect([response.status, answer.fields?.giftCardCode]).toEqual([400, expect.any(String)]);
    }
    const debited = debitAnswers.filter((result) => result.ok).length * 500;
    const state = await cardState(made.id);
    expect(state.balanceCents).toBe(60000 - debited - held.reduce((sum, cents) => sum + cents, 0));
    expect(state.balanceCents).toBeGreaterThanOrEqual(0);
    expect(ledgerSum(state.ledger)).toBe(state.balanceCents);
    expect(firstUnsoundEntry(state.ledger)).toBe(-1);
    expect(state.ledger).toHaveLength(1 + held.filter((cents) => cents > 0).length + debitAnswers.filter((result) => result.ok).length);
  });
});
