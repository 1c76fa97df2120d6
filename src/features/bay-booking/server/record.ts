/**
 * A bay booking as stored (JSON under bay:booking:{id}): who, which bay and when, what was charged
 * and how it stands. Every entry on a bay is one: a visitor's online booking, a member's included
 * time, a desk booking staff took, or a block.
 */
import type { BayEntryKind } from '../contract/admin-bay-bookings';
import type { BayBookingStatus } from '../contract/bay-booking';

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
  /**
   * The half-hour keys it claimed on its bay (range and buffer), as the hold wrote them: released and
   * restored as they are, whatever the content's buffer says later. Records stored before it had
   * this derive them from the content (booking-keys.ts).
   */
  slots?: string[];
  /** The member whose included time it uses (Stripe customer id). */
  memberId?: string;
  checkoutSessionId?: string;
  /** The visitor's unpaid-hold sets this hold counts in (visitor-holds.ts), left when it is paid or released. */
  visitorKeys?: string[];
  /** The hold that replaced this one: the same visitor chose the same time again (visitor-holds.ts). */
  replacedBy?: string;
  /** Paid after its hold lapsed and its bay was taken (or it was cancelled): the payment is refunded in full. */
  paidTooLate?: boolean;
  paymentIntentId?: string;
  /** When Stripe's payment of `amountCents` was recorded (ISO): the reports count it as revenue that day. */
  paidAt?: string;
  /** Refunds Stripe confirmed (cents, ISO), each counted on its own day; their sum is refundedCents. */
  refunds?: Array<{ cents: number; at: string }>;
  /** What a gift card paid (cents, taken when the hold was made; amountCents is the rest) and whether it went back to the card (gift-card-hold.ts). */
  giftCard?: { id: string; cents: number; returned?: boolean };
  /**
   * A refund the site owes, written in the step that cancelled (refund-step.ts) and cleared once Stripe
   * confirms it (then counted in refundedCents): its amount, Stripe idempotency key, failed attempts,
   * the last failure, and whether it was given up for the staff to retry.
   */
  refundOwed?: OwedRefundEntry & { attempts: number; lastError?: string; failed?: boolean; later?: OwedRefundEntry[] };
  /** Payments for moves to a dearer time (move.ts), each refunded on its own; amountCents counts them too. */
  topUps?: Array<{ paymentIntentId: string; cents: number; refundedCents: number; /** ISO: when it was recorded (the reports' revenue day). */ at?: string }>;
  /** Every move made, oldest first: the calendar file's SEQUENCE is their count. */
  history?: BayMove[];
  /** ISO: when it was last moved (reminders follow it as they follow createdAt). */
  movedAt?: string;
  /** A move to a dearer time waiting for its Checkout payment: its range is held until `holdUntil`, the booking keeps its own. */
  move?: PendingMove;
}

/**
 * One refund owed: its amount, Stripe idempotency key and the payment it goes back to (the booking's
 * first payment when absent). Refunds owed while another is unpaid wait in `later`, in order.
 */
export interface OwedRefundEntry {
  cents: number;
  key: string;
  paymentIntentId?: string;
}

/** Where a booking is: venue-local date and start, its length and bay. */
export interface BayPlace {
  date: string;
  start: string;
  lengthMinutes: number;
  bayId: string;
}

/** A move as the booking's history keeps it: when, by whom, from where to where, and the money it moved. */
export interface BayMove {
  at: string;
  by: 'guest' | 'staff';
  from: BayPlace;
  to: BayPlace;
  /** Charged through Checkout for a dearer time. */
  chargedCents: number;
  /** Owed back through Stripe, and given back to the gift card that paid, for a cheaper one. */
  refundCents: number;
  cardBackCents: number;
  /** A dearer time moved by staff: the difference is settled at the venue. */
  dueCents: number;
}

/** A move waiting for its payment; `n` is its number in the history, so its Checkout names it. */
export interface PendingMove {
  n: number;
  to: BayPlace & { startsAt: string; endsAt: string };
  kind: BayEntryKind;
  includedMinutes: number;
  chargeCents: number;
  holdUntil: number;
  entry: BayMove;
  checkoutSessionId?: string;
  checkoutUrl?: string;
}

/** Every refund the record owes, in cents: the entry being paid and those waiting behind it. */
export function owedCents(record: Pick<StoredBayBooking, 'refundOwed'>): number {
  const owed = record.refundOwed;
  return owed ? owed.cents + (owed.later ?? []).reduce((sum, entry) => sum + entry.cents, 0) : 0;
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
