import { describe, expect, it } from 'vitest';
import { bayBooking } from '../catalogue';
import { localInstant } from './local-time';
import { moveMoney, moveRefusal, moveTermsByGrant } from './move';
import { dayPlan, freeCancellationUntil, includedSlots } from './rules';

const HOUR = 3_600_000;
const standard = bayBooking.bayTypes.find((type) => type.id === 'standard')!;
const startsAt = new Date(localInstant('2026-12-04', 18 * 60)).toISOString();
const limit = freeCancellationUntil(bayBooking, Date.parse(startsAt));

describe('whether a guest may move a booking online', () => {
  it('is allowed up to the cancellation policy’s limit and refused after it, saying until when and to call', () => {
    const confirmed = { status: 'confirmed' as const, startsAt };
    expect(limit).toBe(Date.parse(startsAt) - bayBooking.cancellation.freeUntilHoursBefore * HOUR);
    expect(moveRefusal(confirmed, limit - 24 * HOUR, bayBooking)).toBeNull();
    expect(moveRefusal(confirmed, limit, bayBooking)).toBeNull();
    expect(moveRefusal(confirmed, limit + 1, bayBooking)).toBe(`Bookings can be moved online until ${bayBooking.cancellation.freeUntilHoursBefore} hours before the start. Please call us to change this booking.`);
    expect(moveRefusal(confirmed, limit + 1, { ...bayBooking, cancellation: { freeUntilHoursBefore: 1 } })).toBeNull();
  });

  it('is refused for a booking that is not confirmed', () => {
    expect(moveRefusal({ status: 'held', startsAt }, 0, bayBooking)).toBe('This booking is waiting for its payment.');
    expect(moveRefusal({ status: 'cancelled', startsAt }, 0, bayBooking)).toBe('This booking is cancelled.');
    expect(moveRefusal({ status: 'expired', startsAt }, 0, bayBooking)).toBe('This booking was never paid, so there is nothing to move.');
  });
});

describe('the price difference of a move, in cents', () => {
  it('charges a guest the difference of a dearer time, and gives back a cheaper one’s: to the card up to what Stripe took, the rest to the gift card', () => {
    expect(moveMoney({ stripeCents: 4000, cardCents: 0 }, 8000, 'guest')).toEqual({ priceCents: 8000, chargeCents: 4000, refundCents: 0, cardBackCents: 0, dueCents: 0 });
    expect(moveMoney({ stripeCents: 8000, cardCents: 0 }, 8000, 'guest')).toEqual({ priceCents: 8000, chargeCents: 0, refundCents: 0, cardBackCents: 0, dueCents: 0 });
    expect(moveMoney({ stripeCents: 8000, cardCents: 0 }, 4000, 'guest')).toEqual({ priceCents: 4000, chargeCents: 0, refundCents: 4000, cardBackCents: 0, dueCents: 0 });
    expect(moveMoney({ stripeCents: 1500, cardCents: 6500 }, 4000, 'guest')).toEqual({ priceCents: 4000, chargeCents: 0, refundCents: 1500, cardBackCents: 2500, dueCents: 0 });
    expect(moveMoney({ stripeCents: 0, cardCents: 8000 }, 2000, 'guest')).toEqual({ priceCents: 2000, chargeCents: 0, refundCents: 0, cardBackCents: 6000, dueCents: 0 });
    expect(moveMoney({ stripeCents: 0, cardCents: 0 }, 4001, 'guest').chargeCents).toBe(4001);
  });

  it('leaves a dearer time moved by staff due at the venue, and refunds a cheaper one the same way', () => {
    expect(moveMoney({ stripeCents: 4000, cardCents: 0 }, 8000, 'staff')).toEqual({ priceCents: 8000, chargeCents: 0, refundCents: 0, cardBackCents: 0, dueCents: 4000 });
    expect(moveMoney({ stripeCents: 8000, cardCents: 0 }, 6000, 'staff')).toEqual({ priceCents: 6000, chargeCents: 0, refundCents: 2000, cardBackCents: 0, dueCents: 0 });
  });
});

describe('the terms of a move by grant of included time (the member’s time recounted where it goes)', () => {
  const friday = dayPlan(bayBooking, '2026-12-04');
  const range = friday.slots.slice(friday.slots.findIndex((slot) => slot.start === '18:00')).slice(0, 4);
  const bogey = bayBooking.benefits['bogey']!;
  const practice = bayBooking.benefits['practice']!;

  it('prices each grant: none included is the posted price, each included half hour is free, and included time makes it a member’s booking', () => {
    const cap = includedSlots(bayBooking, bogey, friday.weekday, 2, 120, bogey.includedMinutesPerDay);
    expect(cap).toBe(bogey.includedMinutesPerDay / bayBooking.slotMinutes);
    const terms = moveTermsByGrant(bayBooking, standard, range, cap, { stripeCents: 0, cardCents: 0 }, 'member', 'guest');
    expect(terms).toHaveLength(cap + 1);
    expect(terms[0]).toMatchObject({ kind: 'online', includedMinutes: 0, priceCents: 8000, chargeCents: 8000 });
    expect(terms[cap]).toMatchObject({ kind: 'member', includedMinutes: 60, priceCents: 4000, chargeCents: 4000 });
  });

  it('grants nothing on a day the plan leaves out: a weekday-only member moving to a Friday pays for it all', () => {
    expect(includedSlots(bayBooking, practice, friday.weekday, 1, 60, practice.includedMinutesPerDay)).toBe(0);
    expect(includedSlots(bayBooking, practice, dayPlan(bayBooking, '2026-12-03').weekday, 1, 60, practice.includedMinutesPerDay)).toBe(2);
    expect(moveTermsByGrant(bayBooking, standard, range.slice(0, 2), 0, { stripeCents: 0, cardCents: 0 }, 'member', 'guest')).toEqual([
      { priceCents: 4000, chargeCents: 4000, refundCents: 0, cardBackCents: 0, dueCents: 0, kind: 'online', includedMinutes: 0 },
    ]);
  });

  it('keeps a desk booking or a block what it is, at what it cost', () => {
    expect(moveTermsByGrant(bayBooking, standard, range, 0, { stripeCents: 0, cardCents: 0 }, 'desk', 'staff')).toEqual([{ priceCents: 0, chargeCents: 0, refundCents: 0, cardBackCents: 0, dueCents: 0, kind: 'desk', includedMinutes: 0 }]);
    expect(moveTermsByGrant(bayBooking, standard, range, 0, { stripeCents: 0, cardCents: 0 }, 'block', 'staff')[0]).toMatchObject({ kind: 'block', dueCents: 0 });
  });
});
