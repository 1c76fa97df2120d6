/**
 * What staff are told about bay bookings: a booking cancelled because its Checkout ended without the
 * money (a bank debit that did not settle, a payment that failed later). Keyed by the booking, so a
 * replayed event queues nothing new.
 */
import { formatClock, minutesOfDay } from '../../../domain/clock';
import { formatEventDate } from '../../../domain/dates';
import { formatCents } from '../../../domain/money';
import { headerText } from '../../../shared/mail/address';
import type { MailMessage } from '../../../shared/mail/message';
import { staffAddresses } from '../../../shared/mail/recipients';
import { staffNoticeMail } from '../../../shared/mail/staff-notice';
import { bayName } from '../server/booking-view';
import type { StoredBayBooking } from '../server/record';

export const bayUnpaidNoticeKey = (id: string) => `bay-unpaid-staff:${id}`;

export function bayUnpaidNotice(record: StoredBayBooking, env: NodeJS.ProcessEnv = process.env): MailMessage {
  const title = 'Bay booking cancelled: not paid';
  return {
    key: bayUnpaidNoticeKey(record.id),
    to: staffAddresses(env),
    subject: headerText(`${title} – ${record.name}, ${record.date}`),
    content: staffNoticeMail({
      title,
      lead: `The payment for ${headerText(record.name)}'s bay booking did not go through, so the booking was cancelled and its bay freed. Nothing was charged; the guest may call to book again.`,
      facts: [
        { label: 'Date', value: formatEventDate(record.date) },
        { label: 'Time', value: formatClock(minutesOfDay(record.start), 'full') },
        { label: 'Bay', value: bayName(record.bayId) },
        { label: 'Guest', value: `${headerText(record.name)}, ${record.email}, ${record.phone}` },
        { label: 'Amount', value: formatCents(record.amountCents) },
        { label: 'Booking', value: record.id },
      ],
    }),
  };
}
