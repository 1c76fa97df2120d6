/**
 * The guest's confirmation of a bay booking, with the booking's .ics and its manage link; keyed by the
 * booking, so a replayed payment queues nothing new.
 */
import { bayBooking } from '../../data/bay-booking';
import { site } from '../../data/site';
import { bookingManageUrl } from '../../domain/bay-booking/links';
import { formatClock, minutesOfDay } from '../../domain/clock';
import { formatEventDate } from '../../domain/admin/event-requests';
import { headerText } from '../../domain/mail/address';
import type { MailMessage } from '../../domain/mail/message';
import { formatCents } from '../../domain/money';
import { bayBookingConfirmationMail } from '../../mail/templates/bay-booking';
import { venue } from '../mail/venue';
import { bookingToken } from './link-token';
import { bayName, bookingIcs } from './manage';
import type { StoredBayBooking } from './record';

export const bayConfirmationKey = (id: string) => `bay-confirmation:${id}`;

export function bayConfirmation(record: StoredBayBooking, origin: string, now: Date): MailMessage {
  const hours = record.lengthMinutes / 60;
  const facts = [
    { label: 'Date', value: formatEventDate(record.date) },
    { label: 'Time', value: `${formatClock(minutesOfDay(record.start), 'full')}, ${hours} hour${hours === 1 ? '' : 's'}` },
    { label: 'Bay', value: bayName(record.bayId) },
    { label: 'Guests', value: String(record.partySize) },
    ...(record.includedMinutes > 0 ? [{ label: 'Membership time', value: `${record.includedMinutes} minutes included` }] : []),
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
    attachments: [{ filename: 'bay-booking.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: bookingIcs(record, site.name, venue.address, now) }],
  };
}
