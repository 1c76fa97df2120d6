/**
 * What a bay booking adds to the staff reports: its bay time as use while it is confirmed (by how it
 * was taken, member-included minutes apart), the payment Stripe captured on the day it was paid, and
 * each refund on the day Stripe confirmed it. The scripts that confirm, release and refund a booking
 * apply these in their own step; the rebuild reads the same from the records, so both agree.
 */
import { bayUseTally, refundField, refundTally, revenueField, revenueTally, type BayUse, type Tally } from '../../reports/rules/tally';
import { reportDays, type ReportDayInput } from '../../reports/server/tally-step';
import { BAY_CHECKOUT_KIND } from './checkout-kind';
import type { StoredBayBooking } from './record';

/** Field names the scripts add the amounts they read to. */
export const BAY_REVENUE_FIELD = revenueField(BAY_CHECKOUT_KIND);
export const BAY_REFUND_FIELD = refundField(BAY_CHECKOUT_KIND);

const TAKEN: Record<StoredBayBooking['kind'], BayUse['taken']> = { online: 'online', member: 'online', desk: 'desk', block: 'block' };

type UseFields = Pick<StoredBayBooking, 'kind' | 'date' | 'start' | 'lengthMinutes' | 'includedMinutes'>;

/** The bay time a booking fills while confirmed. */
export function bayUseOf(record: UseFields): Tally[] {
  return bayUseTally({ date: record.date, start: record.start, lengthMinutes: record.lengthMinutes, includedMinutes: record.includedMinutes, taken: TAKEN[record.kind] });
}

/** The days' step inputs of that use (a script adds them when it confirms, takes them back when it releases a confirmed booking). */
export const bayUseDays = (record: UseFields): ReportDayInput[] => reportDays(bayUseOf(record));


const topUpCents = (record: Pick<StoredBayBooking, 'topUps'>): number => (record.topUps ?? []).reduce((sum, topUp) => sum + topUp.cents, 0);

/** Everything a stored booking has added to the reports so far (the rebuild's view). */
export function bayBookingTallies(record: StoredBayBooking): Tally[] {
  return [
    ...(record.status === 'confirmed' ? bayUseOf(record) : []),
    // The Checkout payment (amountCents less what moves to dearer times added), then each of those on its own day.
    ...(record.paidAt ? revenueTally(BAY_CHECKOUT_KIND, record.amountCents - topUpCents(record), new Date(record.paidAt)) : []),
    ...(record.topUps ?? []).flatMap((topUp) => revenueTally(BAY_CHECKOUT_KIND, topUp.cents, new Date(topUp.at ?? record.paidAt ?? record.createdAt))),
    ...(record.refunds ?? []).flatMap((refund) => refundTally(BAY_CHECKOUT_KIND, refund.cents, new Date(refund.at))),
  ];
}
