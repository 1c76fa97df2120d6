// The hold's script decides the bay and a member's included time; TypeScript decides the terms for
// each grant and renders the confirmation once, before the bay is known (the script fills its marks).
import { beforeEach, describe, expect, it } from 'vitest';
import { bayConfirmation, bayConfirmationKey } from '../../src/features/bay-booking/mail/emails';
import type { BayAvailability } from '../../src/features/bay-booking/contract/bay-availability';
import type { BayHoldRequest } from '../../src/features/bay-booking/contract/booking-form';
import { dayAvailability, dropHold, holdForGuest } from '../../src/features/bay-booking/server/booking';
import { bayBooking } from '../../src/features/bay-booking/catalogue';
import type { BayBookingConfig } from '../../src/features/bay-booking/rules/config';
import { claimedInstants } from '../../src/features/bay-booking/rules/rules';
import { restoreWrites } from '../../src/features/bay-booking/server/restore';
import { readBooking, slotKey } from '../../src/features/bay-booking/server/store';
import type { MailMessage } from '../../src/shared/mail/message';
import { renderMessage } from '../../src/shared/mail/render';
import { mailOptions } from '../../src/shared/mail/transport';
import { nextBookableDay } from '../support/bay-dates';
import { clearStore, ORIGIN, restoreStoreEnv, useCountingBridge, withRedis } from './api-helpers';

const guest = { name: 'Robin Fairway', email: 'robin@example.com', phone: '608-555-0142' };
const choice = (overrides: Partial<BayHoldRequest>): BayHoldRequest => ({ date: nextBookableDay('Friday'), start: '12:00', lengthMinutes: 60, partySize: 4, bayType: 'standard', ...guest, ...overrides });
const member = (customerId: string, planSlug: string) => ({ email: 'member@example.com', customerId, planSlug });
const source = { origin: ORIGIN, client: null };

const at = (day: BayAvailability, start: string) => day.bayTypes.find((type) => type.id === 'standard')!.times.find((time) => time.start === start);

beforeEach(async () => {
  await clearStore();
});

describe('the hold’s script', () => {
  it('lands a member’s wholly included booking on the first free bay and queues its confirmation naming that bay, in one round trip', async () => {
    const date = nextBookableDay('Friday');
    const first = await holdForGuest(choice({ date }), null, Date.now(), source);
    expect(first.record).toMatchObject({ bayId: 'bay-1', status: 'held' });
    const now = Date.now();
    const bridge = await useCountingBridge();
    try {
      const before = bridge.requestCount;
      const { record } = await holdForGuest(choice({ date }), member('cus_second_bay', 'bogey'), now, source);
      expect(bridge.requestCount - before).toBe(1);
      expect(record).toMatchObject({ bayId: 'bay-2', status: 'confirmed', kind: 'member', amountCents: 0, includedMinutes: 60, holdUntil: 0 });
      const stored = await withRedis((client) => client.get(`mail:msg:${bayConfirmationKey(record.id)}`));
      const { message } = JSON.parse(stored!) as { message: MailMessage };
      expect(message).toEqual(JSON.parse(JSON.stringify(bayConfirmation(record, ORIGIN, new Date(now)))));
      expect(stored).not.toContain('{{');
      expect(renderMessage(message).text).toContain('Bay: Bay 2\n');
      const calendar = message.attachments![0]!.content;
      expect(calendar).toContain('SUMMARY:Verona Indoor Golf: Bay 2\r\n');
      expect(calendar).toContain(`DESCRIPTION:Bay 2 for 4\\, 12:00 PM\\, 1 hour. Booking ${record.id}.\r\n`);
      // As sent, the calendar's lines are folded to 75 octets.
      const sent = String(mailOptions(renderMessage(message), { MAIL_FROM: 'Verona Indoor Golf <hello@verona.example>' } as NodeJS.ProcessEnv).attachments![0]!.content);
      expect(sent.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
      expect(sent.replace(/\r\n /g, '')).toBe(calendar);
    } finally {
      await bridge.close();
      restoreStoreEnv();
    }
  });

  it('grants included time in availability by the rule the hold applies: what the day has left, never overlapping the member’s other included time', async () => {
    const date = nextBookableDay('Friday');
    const plus = member('cus_plus_rule', 'bogey-plus');
    const query = { date, lengthMinutes: 60, partySize: 4 };
    const fresh = await dayAvailability(query, plus, Date.now());
    expect(fresh.member).toEqual({ plan: expect.any(String), includedMinutesLeft: 120 });
    expect(at(fresh, '14:00')).toMatchObject({ includedMinutes: 60, priceCents: 0 });

    expect((await holdForGuest(choice({ date, start: '14:00' }), plus, Date.now(), source)).record).toMatchObject({ includedMinutes: 60, status: 'confirmed' });
    const day = await dayAvailability(query, plus, Date.now());
    expect(day.member?.includedMinutesLeft).toBe(60);
    // The 14:00 included hour covers one bay at a time: a start whose included span would overlap it gets none.
    expect([at(day, '13:00'), at(day, '13:30'), at(day, '14:00'), at(day, '14:30'), at(day, '15:00')].map((time) => time?.includedMinutes)).toEqual([60, 0, 0, 0, 60]);
    expect(at(day, '13:30')).toMatchObject({ priceCents: at(day, '13:30')!.fullPriceCents });

    // The hold grants what availability showed.
    expect((await holdForGuest(choice({ date, start: '13:30' }), plus, Date.now(), source)).record).toMatchObject({ includedMinutes: 0, amountCents: at(day, '13:30')!.priceCents, status: 'held', kind: 'online' });
    expect((await holdForGuest(choice({ date, start: '15:00' }), plus, Date.now(), source)).record).toMatchObject({ includedMinutes: 60, amountCents: 0, status: 'confirmed' });
    const spent = await dayAvailability({ ...query, lengthMinutes: 120 }, plus, Date.now());
    expect(spent.member?.includedMinutesLeft).toBe(0);
    expect(at(spent, '17:00')).toMatchObject({ includedMinutes: 0 });
  });

  it('keeps the half hours a hold claimed with it: lowering the buffer afterwards still frees (and restores) exactly those', async () => {
    const date = nextBookableDay('Saturday');
    const buffered: BayBookingConfig = { ...bayBooking, bufferMinutes: 30 };
    const unbuffered: BayBookingConfig = { ...bayBooking, bufferMinutes: 0 };
    const { record } = await holdForGuest(choice({ date, start: '15:00' }), null, Date.now(), source, buffered);
    const claimed = claimedInstants(buffered, Date.parse(record.startsAt), 60).map((instant) => slotKey(record.bayId, instant));
    expect(claimed).toHaveLength(3);
    expect(record.slots).toEqual(claimed);
    expect(await readBooking(record.id)).toMatchObject({ slots: claimed });
    // A restore under the lowered buffer writes the same three.
    expect(restoreWrites(record, Date.now(), unbuffered).filter((write) => write[0] === 'SET').map((write) => write[1])).toEqual(claimed);

    await dropHold(record, unbuffered);
    expect(await withRedis((client) => client.mGet(claimed))).toEqual([null, null, null]);
    // The buffer's half hour is bookable at once, by anyone.
    const after = await holdForGuest(choice({ date, start: '16:00', lengthMinutes: 60, email: 'next@example.com' }), null, Date.now(), source, unbuffered);
    expect(after.record.bayId).toBe(record.bayId);
  });
});
