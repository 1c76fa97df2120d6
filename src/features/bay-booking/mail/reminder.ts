/**
 * The guest's reminder before a bay booking: the booking, the venue's address, the manage link and the
 * cancellation limit. Keyed by the booking and its start, so it is sent once per start: a booking
 * moved to another time would get one for its new time.
 */
import { bayBooking } from '../catalogue';
import type { BayBookingConfig } from '../rules/config';
import { bookingManageUrl } from '../rules/links';
import { freeCancellationUntil } from '../rules/rules';
import { formatClock, minutesOfDay } from '../../../domain/clock';
import { formatDateTime, formatEventDate } from '../../../domain/dates';
import { headerText } from '../../../shared/mail/address';
import type { MailContent } from '../../../shared/mail/content';
import type { MailMessage } from '../../../shared/mail/message';
import { venue } from '../../../shared/mail/venue';
import { bayName } from '../server/booking-view';
import { bookingToken } from '../server/link-token';
import type { StoredBayBooking } from '../server/record';

export const bayReminderKey = (record: Pick<StoredBayBooking, 'id' | 'startsAt'>) => `bay-reminder:${record.id}:${Date.parse(record.startsAt)}`;

/** What the guest can still do: cancel online until the limit (when it has not passed), else call. */
function cancellationLine(record: StoredBayBooking, now: number, config: BayBookingConfig): string {
  const limit = freeCancellationUntil(config, Date.parse(record.startsAt));
  if (now < limit) return `You can cancel online for a full refund until ${formatDateTime(new Date(limit).toISOString())}; after that, please call us at ${config.phone}.`;
  return `The online cancellation limit (${config.cancellation.freeUntilHoursBefore} hours before the start) has passed: to change anything, please call us at ${config.phone}.`;
}

export function bayReminder(record: StoredBayBooking, origin: string, now: number, config: BayBookingConfig = bayBooking): MailMessage {
  const hours = record.lengthMinutes / 60;
  const content: MailContent = {
    title: 'See you soon',
    preview: `Your bay at ${venue.name}: ${formatEventDate(record.date)}, ${formatClock(minutesOfDay(record.start), 'full')}`,
    blocks: [
      { kind: 'paragraph', text: `Hi ${headerText(record.name)}, a reminder of your bay booking at ${venue.name}.` },
      {
        kind: 'facts',
        facts: [
          { label: 'Date', value: formatEventDate(record.date) },
          { label: 'Time', value: `${formatClock(minutesOfDay(record.start), 'full')}, ${hours} hour${hours === 1 ? '' : 's'}` },
          { label: 'Bay', value: bayName(record.bayId, config) },
          { label: 'Guests', value: String(record.partySize) },
          { label: 'Address', value: venue.address },
          { label: 'Booking', value: record.id },
        ],
      },
      { kind: 'paragraph', text: cancellationLine(record, now, config) },
      { kind: 'link', text: 'View or cancel your booking', href: bookingManageUrl(origin, record.id, bookingToken(record.id)) },
    ],
  };
  return { key: bayReminderKey(record), to: [record.email], subject: headerText(`Reminder: your bay on ${formatEventDate(record.date)} – ${venue.name}`), content };
}
