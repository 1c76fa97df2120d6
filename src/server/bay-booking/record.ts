/**
 * A bay booking as stored (JSON under bay:booking:{id}): who, which bay and when, what was charged
 * and how it stands. Every entry on a bay is one: a visitor's online booking, a member's included
 * time, a desk booking staff took, or a block.
 */
import type { BayEntryKind } from '../../domain/api/admin-bay-bookings';
import type { BayBookingStatus } from '../../domain/api/bay-booking';

export interface StoredBayBooking {
  id: string;
  kind: BayEntryKind;
  status: BayBookingStatus;
  bayId: string;
  /** Venue-local date and start ('2026-12-04', '18:00'). */
  date: string;
  start: string;
  /** UTC instants (ISO). */
  startsAt: string;
  endsAt: string;
  lengthMinutes: number;
  partySize: number;
  /** The guest's name, or a block's reason. */
  name: string;
  email: string;
  phone: string;
  amountCents: number;
  includedMinutes: number;
  refundedCents: number;
  /** ISO. */
  createdAt: string;
  /** While held: when the hold lapses (ms); 0 once confirmed. */
  holdUntil: number;
  /** The member whose included time it uses (Stripe customer id). */
  memberId?: string;
  checkoutSessionId?: string;
  /** Paid after its hold lapsed and its bay was taken (or it was cancelled): the payment is refunded in full. */
  paidTooLate?: boolean;
  paymentIntentId?: string;
}

const STATUSES = new Set<string>(['held', 'confirmed', 'cancelled', 'expired']);

/** A stored record, or null when the text is not one (never trusts the shape blindly). */
export function readStoredBooking(value: unknown): StoredBayBooking | null {
  let record: unknown = value;
  if (typeof value === 'string') {
    try {
      record = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!record || typeof record !== 'object') return null;
  const candidate = record as Partial<StoredBayBooking>;
  if (typeof candidate.id !== 'string' || typeof candidate.bayId !== 'string' || typeof candidate.startsAt !== 'string' || !STATUSES.has(String(candidate.status))) return null;
  return candidate as StoredBayBooking;
}
