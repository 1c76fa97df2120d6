import { describe, expect, it } from 'vitest';
import { bayBooking } from '../catalogue';
import { renderMessage } from '../../../shared/mail/render';
import { venue } from '../../../shared/mail/venue';
import { bookingToken } from '../server/link-token';
import type { StoredBayBooking } from '../server/record';
import { reminderDue } from '../server/reminders';
import { bayReminder, bayReminderKey } from './reminder';

const HOUR = 3_600_000;
const record: StoredBayBooking = {
  id: '0b6c1c1e-3f0e-4c55-9d7a-8a3c4f2b1d00',
  kind: 'online',
  status: 'confirmed',
  bayId: 'bay-2',
  date: '2026-12-04',
  start: '18:00',
  startsAt: '2026-12-05T00:00:00.000Z',
  endsAt: '2026-12-05T02:00:00.000Z',
  lengthMinutes: 120,
  partySize: 4,
  name: 'Robin Fairway',
  email: 'robin@example.com',
  phone: '608-555-0142',
  amountCents: 8000,
  includedMinutes: 0,
  refundedCents: 0,
  createdAt: '2026-11-20T12:00:00.000Z',
  holdUntil: 0,
};
const startsAt = Date.parse(record.startsAt);

describe('the bay reminder', () => {
  it('names the booking, the address, the manage link and the cancellation limit, keyed by the booking and its start', () => {
    const message = bayReminder(record, 'https://verona.example', startsAt - 24 * HOUR);
    expect(message.key).toBe(`bay-reminder:${record.id}:${startsAt}`);
    expect(bayReminderKey({ ...record, startsAt: '2026-12-05T01:00:00.000Z' })).not.toBe(message.key);
    expect(message.to).toEqual([record.email]);
    const { text } = renderMessage(message);
    expect(text).toContain('Friday, December 4, 2026');
    expect(text).toContain('6:00 PM, 2 hours');
    expect(text).toContain('Bay 2');
    expect(text).toContain(venue.address);
    expect(text).toContain(`https://verona.example/book/manage?booking=${record.id}&token=${bookingToken(record.id)}`);
    expect(text).toContain('You can cancel online for a full refund until Dec 4, 2026');
    expect(text).toContain('2:00 PM');
    const late = renderMessage(bayReminder(record, 'https://verona.example', startsAt - 2 * HOUR)).text;
    expect(late).toContain(`The online cancellation limit (${bayBooking.cancellation.freeUntilHoursBefore} hours before the start) has passed`);
  });

  it('is due from the content’s hours before the start until it, for confirmed bookings with an address made before the window', () => {
    const opens = startsAt - bayBooking.reminders.hoursBefore * HOUR;
    expect(reminderDue(record, opens - 1)).toBe(false);
    expect(reminderDue(record, opens)).toBe(true);
    expect(reminderDue(record, startsAt - 1)).toBe(true);
    expect(reminderDue(record, startsAt)).toBe(false);
    expect(reminderDue({ ...record, status: 'cancelled' }, opens)).toBe(false);
    expect(reminderDue({ ...record, status: 'held' }, opens)).toBe(false);
    expect(reminderDue({ ...record, kind: 'block' }, opens)).toBe(false);
    expect(reminderDue({ ...record, email: '' }, opens)).toBe(false);
    expect(reminderDue({ ...record, createdAt: new Date(opens + HOUR).toISOString() }, opens + 2 * HOUR)).toBe(false);
    expect(reminderDue(record, startsAt - 6 * HOUR, { ...bayBooking, reminders: { hoursBefore: 2 } })).toBe(false);
  });

  it('follows a move: a booking moved inside the window gets none (its update told it all), one moved before gets one for its new start', () => {
    const opens = startsAt - bayBooking.reminders.hoursBefore * HOUR;
    expect(reminderDue({ ...record, movedAt: new Date(opens + HOUR).toISOString() }, opens + 2 * HOUR)).toBe(false);
    expect(reminderDue({ ...record, movedAt: new Date(opens - HOUR).toISOString() }, opens)).toBe(true);
    const later = { ...record, startsAt: new Date(startsAt + 2 * HOUR).toISOString(), movedAt: new Date(opens - HOUR).toISOString() };
    expect(bayReminderKey(later)).not.toBe(bayReminderKey(record));
  });
});
