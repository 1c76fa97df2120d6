/**
 * The guest's update after a move: the booking as it is now, where it was, what the move cost or gives
 * back, the manage link, and the calendar file with the same UID and a higher SEQUENCE, so calendars
 * move the event they have. Keyed by the booking and the move's number, so each move is told once.
 */
import { bayBooking } from '../catalogue';
import { site } from '../../../data/site';
import { bookingManageUrl } from '../rules/links';
import { formatClock, minutesOfDay } from '../../../domain/clock';
import { formatEventDate } from '../../../domain/dates';
import { formatCents } from '../../../domain/money';
import { headerText } from '../../../shared/mail/address';
import type { Fact, MailContent } from '../../../shared/mail/content';
import { escapeText } from '../../../shared/mail/ics';
import { markFills } from '../../../shared/mail/marks';
import type { MailMessage } from '../../../shared/mail/message';
import { venue } from '../../../shared/mail/venue';
import { bookingToken } from '../server/link-token';
import { bayName, bookingIcs } from '../server/booking-view';
import type { BayMove, BayPlace, StoredBayBooking } from '../server/record';

export const bayMoveKey = (id: string, n: number) => `bay-move:${id}:${n}`;

export const MOVE_UPDATE_TITLE = 'Your booking is moved';

/** The booking where it goes, as the update tells it. */
export type MovedBooking = Pick<StoredBayBooking, 'id' | 'name' | 'email' | 'date' | 'start' | 'lengthMinutes' | 'partySize' | 'includedMinutes' | 'bayId'>;

const hoursText = (minutes: number) => `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;

/** '6:00 PM, 2 hours' */
export const whenText = (place: Pick<BayPlace, 'start' | 'lengthMinutes'>) => `${formatClock(minutesOfDay(place.start), 'full')}, ${hoursText(place.lengthMinutes)}`;

/** What the move did with money, as facts: paid, refunded, given back to the card, due at the venue, or no change. */
export function moveMoneyFacts(move: Pick<BayMove, 'chargedCents' | 'refundCents' | 'cardBackCents' | 'dueCents'>): Fact[] {
  const facts: Fact[] = [
    ...(move.chargedCents > 0 ? [{ label: 'Paid for the move', value: formatCents(move.chargedCents) }] : []),
    ...(move.refundCents > 0 ? [{ label: 'Refund', value: `${formatCents(move.refundCents)} to your card` }] : []),
    ...(move.cardBackCents > 0 ? [{ label: 'Back on your gift card', value: formatCents(move.cardBackCents) }] : []),
    ...(move.dueCents > 0 ? [{ label: 'Due at the venue', value: formatCents(move.dueCents) }] : []),
  ];
  return facts.length > 0 ? facts : [{ label: 'Price', value: 'No change' }];
}

/** `bay` names the bay in the facts and in the calendar (its name, or marks the move's script fills). */
function updateOf(booking: MovedBooking, move: BayMove, sequence: number, origin: string, now: Date, bay: { fact: string; calendar: string }): MailMessage {
  const limit = bayBooking.cancellation.freeUntilHoursBefore;
  const content: MailContent = {
    title: MOVE_UPDATE_TITLE,
    preview: `Now ${formatEventDate(booking.date)}, ${formatClock(minutesOfDay(booking.start), 'full')}`,
    blocks: [
      { kind: 'paragraph', text: `Hi ${headerText(booking.name)}, your bay booking is moved. Here it is as it stands now.` },
      {
        kind: 'facts',
        facts: [
          { label: 'Date', value: formatEventDate(booking.date) },
          { label: 'Time', value: whenText(booking) },
          { label: 'Bay', value: bay.fact },
          { label: 'Guests', value: String(booking.partySize) },
          ...(booking.includedMinutes > 0 ? [{ label: 'Membership time', value: `${booking.includedMinutes} minutes included` }] : []),
          { label: 'Moved from', value: `${formatEventDate(move.from.date)}, ${whenText(move.from)}, ${bayName(move.from.bayId)}` },
          ...moveMoneyFacts(move),
          { label: 'Booking', value: booking.id },
        ],
      },
      { kind: 'paragraph', text: `You can move or cancel it online until ${limit} hours before the start; after that, please call us at ${site.phone}.` },
      { kind: 'link', text: 'View, move or cancel your booking', href: bookingManageUrl(origin, booking.id, bookingToken(booking.id)) },
      { kind: 'paragraph', text: 'The attached calendar file moves the booking in your calendar.' },
    ],
  };
  return {
    key: bayMoveKey(booking.id, sequence),
    to: [booking.email],
    subject: headerText(`Your bay booking is moved – ${site.name}`),
    content,
    attachments: [
      { filename: 'bay-booking.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: bookingIcs(booking, site.name, venue.address, now, { bay: bay.calendar, folded: false, sequence }) },
    ],
  };
}

/** The update for a booking as stored after its move (the last entry of its history). */
export function bayMoveUpdate(record: StoredBayBooking, origin: string, now: Date): MailMessage {
  const history = record.history ?? [];
  const move = history.at(-1);
  if (!move) throw new Error(`booking ${record.id} has not been moved`);
  const name = bayName(record.bayId);
  return updateOf(record, move, history.length, origin, now, { fact: name, calendar: name });
}

/**
 * The update of move number `sequence`, rendered before its script picks the bay and the grant: one
 * message per grant (`moves`, with the money of each), marks where the bay's name goes, and per
 * candidate bay the fills the script writes over them (emails.ts heldConfirmation does the same).
 */
export function heldMoveUpdates(
  bookings: readonly MovedBooking[],
  moves: readonly BayMove[],
  sequence: number,
  bayIds: readonly string[],
  origin: string,
  now: Date,
): { messages: MailMessage[]; fills: Record<string, Array<[string, string]>> } {
  const id = bookings[0]?.id ?? '';
  const marks = { fact: `{{move-bay:${id}}}`, calendar: `{{move-calendar-bay:${id}}}` };
  return {
    messages: bookings.map((booking, index) => updateOf(booking, moves[index]!, sequence, origin, now, marks)),
    fills: Object.fromEntries(
      bayIds.map((bayId) => [
        bayId,
        markFills([
          [marks.fact, bayName(bayId)],
          [marks.calendar, escapeText(bayName(bayId))],
        ]),
      ]),
    ),
  };
}
