/**
 * The starts a booking can move to on a day, for a length, each with what the move costs or gives
 * back: the availability rule (one store round trip) with the booking's own half hours free to it and
 * its own included time not counted, priced for its member where included time applies.
 */
import { bayBooking } from '../catalogue';
import type { MoveOptions } from '../contract/bay-booking';
import type { BayBookingConfig } from '../rules/config';
import { moveMoney, moveRefusal } from '../rules/move';
import { benefitApplies } from '../rules/member-benefits';
import { baysOfType, bookingWindow, choiceProblem, dayInstants, dayPlan, freeBaysAt, includedSlots, MINUTE_MS, rangePrice } from '../rules/rules';
import { HttpError } from '../../../shared/server/request';
import { MOVE_CHANGED_MESSAGE, bookingRevisionOf, paidOf, sealRevision } from './revision';
import { memberBenefitOf, typeOfBay } from './move';
import type { StoredBayBooking } from './record';
import { readTaken, slotKey } from './store';

const iso = (instant: number) => new Date(instant).toISOString();

export async function moveOptionsFor(record: StoredBayBooking, query: { date: string; lengthMinutes: number }, now: number, config: BayBookingConfig = bayBooking): Promise<MoveOptions> {
  const refusal = moveRefusal(record, now, config);
  if (refusal) throw new HttpError(409, refusal);
  const problem = choiceProblem(config, { ...query, partySize: record.partySize }, now);
  if (problem) throw new HttpError(400, problem);
  const type = typeOfBay(config, record.bayId);
  if (!type) throw new HttpError(409, MOVE_CHANGED_MESSAGE);
  const plan = dayPlan(config, query.date);
  const window = bookingWindow(config, now);
  const answer = { date: query.date, lengthMinutes: query.lengthMinutes, ...window, closedReason: plan.closedReason, revision: sealRevision(record) };
  const instants = dayInstants(config, plan);
  if (instants.length === 0) return { ...answer, times: [] };

  const member = record.memberId ? await memberBenefitOf(config, record.memberId) : null;
  const cap = member ? includedSlots(config, member.benefit, plan.weekday, record.partySize, query.lengthMinutes, member.benefit.includedMinutesPerDay) : 0;
  const memberDay = member && cap > 0 ? { id: record.memberId!, date: query.date, allowanceMinutes: member.benefit.includedMinutesPerDay } : null;
  const starts = memberDay ? plan.slots.map((slot) => ({ startsAt: slot.startsAt, cap: benefitApplies(member?.period, slot.startsAt) ? cap : 0 })) : [];
  const bays = baysOfType(config, type.id);
  const taken = await readTaken(
    bays.flatMap((bay) => instants.map((instant) => slotKey(bay.id, instant))),
    memberDay,
    now,
    { slotMinutes: config.slotMinutes, starts },
    record.id,
  );
  const takenByBay = new Map(bays.map((bay, b) => [bay.id, new Set(instants.filter((_, i) => taken.taken[b * instants.length + i]))]));
  const paid = paidOf(bookingRevisionOf(record));
  const count = query.lengthMinutes / config.slotMinutes;
  const times = plan.slots.flatMap((slot, index) => {
    const here = query.date === record.date && slot.start === record.start && query.lengthMinutes === record.lengthMinutes;
    if (here || freeBaysAt(config, plan, type.id, index, query.lengthMinutes, now, (bayId, instant) => takenByBay.get(bayId)?.has(instant) ?? false).length === 0) return [];
    const included = taken.included[index] ?? 0;
    const money = moveMoney(paid, rangePrice(config, type, plan.slots.slice(index, index + count), included), 'guest');
    return [
      {
        start: slot.start,
        startsAt: iso(slot.startsAt),
        endsAt: iso(slot.startsAt + query.lengthMinutes * MINUTE_MS),
        priceCents: money.priceCents,
        includedMinutes: included * config.slotMinutes,
        chargeCents: money.chargeCents,
        refundCents: money.refundCents,
        cardBackCents: money.cardBackCents,
      },
    ];
  });
  return { ...answer, times };
}
