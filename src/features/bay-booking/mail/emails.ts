/**
 * The guest's confirmation of a bay booking, with the booking's .ics and its manage link; keyed by the
 * booking, so a replayed payment queues nothing new.
 */
import { bayBooking } from '../catalogue';
import { site } from '../../../data/site';
import { bookingManageUrl } from '../rules/links';
import { formatClock, minutesOfDay } from '../../../domain/clock';
import { formatEventDate } from '../../../domain/dates';
import { headerText } from '../../../shared/mail/address';
import { escapeText } from '../../../shared/mail/ics';
import type { MailMessage } from '../../../shared/mail/message';
import { markFills } from '../../../shared/mail/marks';
import { formatCents } from '../../../domain/money';
import { bayBookingConfirmationMail } from './templates';
import { venue } from '../../../shared/mail/venue';
import { bookingToken } from '../server/link-token';
import { bayName, bookingIcs } from '../server/booking-view';
import type { StoredBayBooking } from '../server/record';

export const bayConfirmationKey = (id: string) => `bay-confirmation:${id}`;

export function bayConfirmation(record: StoredBayBooking, origin: string, now: Date): MailMessage {
  const name = bayName(record.bayId);
  return confirmationOf(record, origin, now, { fact: name, calendar: name });
}

/**
 * The confirmation of a hold confirmed at once, rendered before the hold's script chooses the bay:
 * marks stand where the bay's name goes (in the facts, and escaped in the calendar), and for each
 * candidate bay `fills` says what the script writes over them, giving bayConfirmation's message for
 * that bay. The marks carry the booking id, which a guest cannot write into the message beforehand.
 */
export function heldConfirmation(record: StoredBayBooking, bayIds: readonly string[], origin: string, now: Date): { message: MailMessage; fills: Record<string, Array<[string, string]>> } {
  const marks = { fact: `{{bay:${record.id}}}`, calendar: `{{calendar-bay:${record.id}}}` };
  return {
    message: confirmationOf(record, origin, now, marks),
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

/**
 * `bay` names the bay in the facts and in the calendar. The calendar's long lines are left whole: a
 * mark filled later changes their length, and the transport folds a calendar when it sends it.
 */
function confirmationOf(record: StoredBayBooking, origin: string, now: Date, bay: { fact: string; calendar: string }): MailMessage {
  const hours = record.lengthMinutes / 60;
  const facts = [
    { label: 'Date', value: formatEventDate(record.date) },
    { label: 'Time', value: `${formatClock(minutesOfDay(record.start), 'full')}, ${hours} hour${hours === 1 ? '' : 's'}` },
    { label: 'Bay', value: bay.fact },
    { label: 'Guests', value: String(record.partySize) },
    ...(record.includedMinutes > 0 ? [{ label: 'Membership time', value: `${record.includedMinutes} minutes included` }] : []),
    ...(record.giftCard ? [{ label: 'Paid by gift card', value: formatCents(record.giftCard.cents) }] : []),
    { label: 'Amount paid', value: formatCents(record.amountCents) },
    { label: 'Booking', value: record.id },
  ];
  const limit = bayBooking.cancellation.freeUntilHoursBefore;
  return {
    key: bayConfirmationKey(record.id),
    to: [record.email],
    subject: headerText(`Your bay is booked – ${site.name}`),
    content: bayBookingConfirmationMail({
      guestName: headerText(record.name),
      facts,
      manageUrl: bookingManageUrl(origin, record.id, bookingToken(record.id)),
      policy: `You can cancel online for a full refund until ${limit} hours before the start; after that, please call us at ${site.phone}.`,
    }),
    attachments: [
      { filename: 'bay-booking.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: bookingIcs(record, site.name, venue.address, now, { bay: bay.calendar, folded: false }) },
    ],
  };
}
