// Moves against everything else at once, on the project's Redis and the Stripe emulator: a member's
// included time recounted on both days; two moves of one booking raced (one wins, the old half hours
// freed once); a move and a cancel from one reading raced (one applies); a move raced against a
// visitor's hold of the same time (never both); a held move whose payment comes after its time was
// taken (refunded, the booking unchanged) or never (let go by the reconciler); and staff moving from
// /admin/bookings.
import { describe, expect, it } from 'vitest';
import adminFunction, { config as adminConfig } from '../../netlify/functions/admin-bay-bookings';
import hold from '../../netlify/functions/bay-hold';
import type { BayDay, StaffBooking } from '../../src/features/bay-booking/contract/admin-bay-bookings';
import { addDays } from '../../src/features/bay-booking/rules/local-time';
import { bayMoveKey } from '../../src/features/bay-booking/mail/move';
import { holdForGuest } from '../../src/features/bay-booking/server/booking';
import { bayPayments } from '../../src/features/bay-booking/server/paid-product';
import { issueMemberSessionToken } from '../../src/features/memberships/server/member-session';
import { paidProducts } from '../../src/features/paid-products';
import { reconcilePayments } from '../../src/shared/payments/reconcile';
import { settleThrough } from '../../src/shared/payments/registry';
import { nextBookableDay } from '../support/bay-dates';
import { routed } from '../support/function-context';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, ORIGIN, withRedis } from './api-helpers';
import { cancelFrom, guest, keysOf, moveTo, options, paid, refundsAt, slotValues, stored, view } from './bay-move-helpers';
import { buyMembership, useMembersHarness } from './members-helpers';

const harness = useMembersHarness();
const HOUR = 3_600_000;
const admin = routed(adminFunction, adminConfig);
const memberDay = (customerId: string, date: string) => withRedis((redis) => redis.hGetAll(`bay:member:${customerId}:${date}`));

describe('moves against everything else', () => {
  it('recounts a member’s included time for both days: the old day’s is freed, the new day’s granted again (its own not counted)', async () => {
    const email = 'member.move@example.com';
    const { customerId } = await buyMembership(harness.payments, email, 'Bogey');
    const cookie = `member_session=${await issueMemberSessionToken({ email, customerId, planSlug: 'bogey' })}`;
    const friday = nextBookableDay('Friday');
    const saturday = addDays(friday, 1);
    const id = await paid(harness.payments, { date: friday, start: '12:00', email }, { cookie });
    expect(await stored(id)).toMatchObject({ kind: 'member', amountCents: 0, includedMinutes: 60, memberId: customerId });
    expect(Object.keys(await memberDay(customerId, friday))).toEqual([id]);

    expect((await options(id, saturday, 60)).times.find((time) => time.start === '12:00')).toMatchObject({ priceCents: 0, includedMinutes: 60, chargeCents: 0 });
    expect((await moveTo(id, { date: saturday, start: '12:00', lengthMinutes: 60 })).status).toBe(200);
    expect(await memberDay(customerId, friday)).toEqual({});
    expect(Object.keys(await memberDay(customerId, saturday))).toEqual([id]);
    expect(await stored(id)).toMatchObject({ date: saturday, kind: 'member', amountCents: 0, includedMinutes: 60 });
    // The same day again: its own hour is not counted against it.
    expect((await moveTo(id, { date: saturday, start: '15:00', lengthMinutes: 60 })).status).toBe(200);
    expect(await stored(id)).toMatchObject({ start: '15:00', includedMinutes: 60, amountCents: 0 });
    // Friday's hour is the member's again.
    const again = await holdForGuest({ date: friday, start: '16:00', lengthMinutes: 60, partySize: 2, bayType: 'standard', ...guest, email }, { email, customerId, planSlug: 'bogey' }, Date.now(), { origin: ORIGIN, client: null });
    expect(again.record).toMatchObject({ status: 'confirmed', includedMinutes: 60, amountCents: 0 });

    // Longer than the allowance: the hour beyond it is charged, the included hour held for the move meanwhile.
    const longer = (await options(id, saturday, 120)).times.find((time) => time.start === '15:00')!;
    expect(longer).toMatchObject({ includedMinutes: 60, chargeCents: longer.priceCents });
    expect(longer.chargeCents).toBeGreaterThan(0);
    const pending = await moveTo(id, { date: saturday, start: '15:00', lengthMinutes: 120 });
    expect(pending.body.checkoutUrl).toBeTruthy();
    expect(Object.keys(await memberDay(customerId, saturday)).sort()).toEqual([id, `${id}:move`].sort());
    await harness.payments.emulator.completeCheckout(pending.body.checkoutUrl!.split('/').at(-1)!, { email });
    expect(await stored(id)).toMatchObject({ lengthMinutes: 120, includedMinutes: 60, amountCents: longer.chargeCents });
    expect(Object.keys(await memberDay(customerId, saturday))).toEqual([id]);
  });

  it('two moves of one booking from the same reading, raced: exactly one wins, the old half hours are freed once, the loser’s time stays free', async () => {
    for (let round = 0; round < 4; round += 1) {
      const date = nextBookableDay('Friday');
      const start = `1${2 + round}:00`;
      const id = await paid(harness.payments, { date, start, email: `race${round}@example.com` });
      const before = await stored(id);
      const revision = (await view(id)).revision;
      const targets = [`${String(16 + round).padStart(2, '0')}:00`, `${String(16 + round).padStart(2, '0')}:30`];
      const answers = await Promise.all(targets.map((to) => moveTo(id, { date, start: to, lengthMinutes: 60 }, revision)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.status === 200)!.body.booking;
      const after = await stored(id);
      expect(after).toMatchObject({ start: winner.start, history: [expect.anything()] });
      expect(await slotValues(keysOf(before.bayId, before.startsAt, 60))).toEqual([null, null]);
      expect(await slotValues(keysOf(after.bayId, after.startsAt, 60))).toEqual([`${id}|0`, `${id}|0`]);
      const loser = targets.find((to) => to !== winner.start)!;
      const loserStarts = new Date(Date.parse(before.startsAt) + (Number(loser.slice(0, 2)) - Number(start.slice(0, 2))) * 3_600_000 + (loser.endsWith('30') ? 1_800_000 : 0)).toISOString();
      expect((await slotValues(keysOf(after.bayId, loserStarts, 60))).filter((value) => value !== `${id}|0`)).toEqual([null]);
      expect(await withRedis((redis) => redis.exists(`mail:msg:${bayMoveKey(id, 2)}`))).toBe(0);
    }
  });

  it('a move and a cancel from the same reading, raced: exactly one applies, and the half hours are those of the winner', async () => {
    const date = nextBookableDay('Friday');
    const wins = new Set<string>();
    for (let round = 0; round < 6; round += 1) {
      const id = await paid(harness.payments, { date, start: `${12 + round}:00`, email: `cancelrace${round}@example.com` });
      const before = await stored(id);
      const revision = (await view(id)).revision;
      const to = { date, start: `${18 + (round % 3)}:30`, lengthMinutes: 60 };
      const move = () => moveTo(id, to, revision);
      const cancel = () => cancelFrom(id, revision);
      const [moved, cancelled] = round % 2 === 0 ? await Promise.all([move(), cancel()]) : (await Promise.all([cancel(), move()])).reverse() as [Awaited<ReturnType<typeof move>>, Awaited<ReturnType<typeof cancel>>];
      expect([moved.status, cancelled.status].sort()).toEqual([200, 409]);
      const after = await stored(id);
      expect(await slotValues(keysOf(before.bayId, before.startsAt, 60))).toEqual([null, null]);
      if (cancelled.status === 200) {
        wins.add('cancel');
        expect(after).toMatchObject({ status: 'cancelled', date: before.date, start: before.start });
        expect(after.history ?? []).toEqual([]);
        expect(after.refundOwed?.cents ?? 0).toBe(before.amountCents);
      } else {
        wins.add('move');
        expect(after).toMatchObject({ status: 'confirmed', start: to.start, history: [expect.anything()] });
        expect(await slotValues(keysOf(after.bayId, after.startsAt, 60))).toEqual([`${id}|0`, `${id}|0`]);
      }
    }
    expect(wins.size).toBeGreaterThan(0);
  });

  it('a move raced against a visitor’s hold of the same time: never both', async () => {
    const date = nextBookableDay('Friday');
    for (let round = 0; round < 4; round += 1) {
      const id = await paid(harness.payments, { date, start: `${12 + round * 2}:00`, bayType: 'large', partySize: 10, email: `mover${round}@example.com` });
      const before = await stored(id);
      const target = { date, start: `${13 + round * 2}:00`, lengthMinutes: 60 };
      const revision = (await view(id)).revision;
      const [moved, visitor] = await Promise.all([
        moveTo(id, target, revision),
        hold(apiRequest('/api/bay-hold', { body: { ...target, partySize: 10, bayType: 'large', ...guest, email: `visitor${round}@example.com` }, headers: { 'x-forwarded-for': `198.51.100.${round + 1}` } })),
      ]);
      expect([moved.status, visitor.status].filter((status) => status === 200)).toHaveLength(1);
      const held = await slotValues(keysOf('bay-6', new Date(Date.parse(before.startsAt) + HOUR).toISOString(), 60));
      const owners = new Set(held.map((value) => value?.split('|')[0]));
      expect(owners.size).toBe(1);
      expect(owners.has(undefined)).toBe(false);
      expect(owners.has(id)).toBe(moved.status === 200);
    }
  });

  it('a held move paid after its time was taken is refunded in full and the booking keeps its time; one never paid is let go by the reconciler', async () => {
    const date = nextBookableDay('Friday');
    const id = await paid(harness.payments, { date, start: '12:00', bayType: 'large', partySize: 10 });
    const before = await stored(id);
    const pending = await moveTo(id, { date, start: '12:00', lengthMinutes: 120 });
    const hold = (await stored(id)).move!.holdUntil;
    // The hold lapses and a visitor takes the half hour it held.
    const visitor = await holdForGuest({ date, start: '13:00', lengthMinutes: 60, partySize: 10, bayType: 'large', ...guest, email: 'visitor@example.com' }, null, hold + 1, { origin: ORIGIN, client: null });
    expect(visitor.record.status).toBe('held');
    const sessionId = pending.body.checkoutUrl!.split('/').at(-1)!;
    harness.payments.emulator.webhookUrl = undefined;
    await harness.payments.emulator.completeCheckout(sessionId, { email: guest.email });
    harness.payments.emulator.webhookUrl = harness.payments.webhookUrl;
    const session = await harness.payments.stripe.checkout.sessions.retrieve(sessionId);
    await settleThrough(bayPayments, session, { trigger: '', done: null, now: hold + 2 });
    const after = await stored(id);
    expect(after).toMatchObject({ start: '12:00', lengthMinutes: 60, refundedCents: session.amount_total, topUps: [{ cents: session.amount_total, refundedCents: session.amount_total }] });
    expect(after.move).toBeUndefined();
    expect(after.history).toBeUndefined();
    expect(await refundsAt(harness.payments, after.topUps![0]!.paymentIntentId)).toEqual([session.amount_total]);
    expect(await refundsAt(harness.payments, before.paymentIntentId!)).toEqual([]);
    expect(await slotValues(keysOf('bay-6', before.startsAt, 120))).toEqual([`${id}|0`, `${id}|0`, `${visitor.record.id}|${visitor.record.holdUntil}`, `${visitor.record.id}|${visitor.record.holdUntil}`]);

    // Never paid: the reconciler expires its Checkout and lets it go.
    const other = await paid(harness.payments, { date, start: '17:00', email: 'other@example.com' });
    await moveTo(other, { date, start: '17:00', lengthMinutes: 120 });
    const report = await reconcilePayments(paidProducts, { now: Date.now() + 60 * 60_000 });
    // The held move let go, and the visitor's hold above (its Checkout never opened) freed too.
    expect(report).toMatchObject({ changed: 2, failed: 0 });
    expect(await stored(other)).toMatchObject({ start: '17:00', lengthMinutes: 60 });
    expect((await stored(other)).move).toBeUndefined();
    expect(await withRedis((redis) => redis.zCard('bay:moves'))).toBe(0);
  });

  it('staff move any entry from /admin/bookings: to another bay and a dearer length (the difference due at the venue), in its history, the guest told', async () => {
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    const cookie = await adminCookie();
    const date = nextBookableDay('Friday');
    const id = await paid(harness.payments, { date, start: '12:00' });
    const day = (await (await admin(apiRequest(`/api/admin/bay-bookings/day/${date}`, { cookie }))).json()) as BayDay;
    const listed = day.bookings.find((entry) => entry.id === id)!;
    expect(listed).toMatchObject({ revision: expect.any(String), history: [], moveWaiting: false });
    const response = await admin(apiRequest(`/api/admin/bay-bookings/move/${id}`, { cookie, body: { date, start: '18:00', lengthMinutes: 120, bayId: 'bay-3', revision: listed.revision } }));
    expect(response.status, await response.clone().text()).toBe(200);
    const moved = (await response.json()) as StaffBooking;
    expect(moved).toMatchObject({ bayId: 'bay-3', start: '18:00', lengthMinutes: 120, history: [{ from: { start: '12:00', bayName: 'Bay 1' }, to: { start: '18:00', bayName: 'Bay 3' } }] });
    expect(await stored(id)).toMatchObject({ amountCents: listed.amountCents, history: [{ by: 'staff', dueCents: listed.amountCents, chargedCents: 0 }] });
    expect(await withRedis((redis) => redis.exists(`mail:msg:${bayMoveKey(id, 1)}`))).toBe(1);
    // The same reading again, or from another site: refused.
    expect((await admin(apiRequest(`/api/admin/bay-bookings/move/${id}`, { cookie, body: { date, start: '20:00', lengthMinutes: 60, revision: listed.revision } }))).status).toBe(409);
    expect((await admin(apiRequest(`/api/admin/bay-bookings/move/${id}`, { cookie, origin: 'https://evil.example', body: { date, start: '20:00', lengthMinutes: 60, revision: moved.revision } }))).status).toBe(403);
  });
});
