// booking.mode `external` (site.json overridden for this file, as src/data/site.ts reads it): the
// public booking endpoints refuse and store nothing; a booking made before the switch is still
// managed through its link, and staff still see and change bookings.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import adminFunction, { config as adminConfig } from '../../netlify/functions/admin-bay-bookings';
import availabilityFunction, { config as availabilityConfig } from '../../netlify/functions/bay-availability';
import bookingFunction, { config as bookingConfig } from '../../netlify/functions/bay-booking';
import hold from '../../netlify/functions/bay-hold';
import signInLinkFunction, { config as signInLinkConfig } from '../../netlify/functions/member-sign-in-link';
import signIn from '../../netlify/functions/member-sign-in';
import { site } from '../../src/data/site';
import type { GuestBooking } from '../../src/features/bay-booking/contract/bay-booking';
import { holdForGuest } from '../../src/features/bay-booking/server/booking';
import { bookingToken } from '../../src/features/bay-booking/server/link-token';
import { nextBookableDay } from '../support/bay-dates';
import { routed } from '../support/function-context';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, clearStore, ORIGIN, restoreStoreEnv, withRedis } from './api-helpers';

vi.mock('../../src/data/site', async (original) => {
  const actual = await original<typeof import('../../src/data/site')>();
  return { site: { ...actual.site, booking: { mode: 'external' } } };
});

const availability = routed(availabilityFunction, availabilityConfig);
const booking = routed(bookingFunction, bookingConfig);
const signInLink = routed(signInLinkFunction, signInLinkConfig);
const admin = routed(adminFunction, adminConfig);

const refusal = { error: `Bays are booked on our booking site: ${site.links.booking}`, bookingUrl: site.links.booking };
const storedKeys = () => withRedis((client) => client.keys('bay:*').then(async (bay) => [...bay, ...(await client.keys('mail:*')), ...(await client.keys('ratelimit:*')), ...(await client.keys('member:*'))]));

describe('bay booking in booking.mode external', () => {
  beforeEach(async () => {
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    await clearStore();
  });
  afterEach(() => restoreStoreEnv());

  it('refuses availability, holds and member sign-in with 404 and where to book, storing nothing', async () => {
    expect(site.booking.mode).toBe('external');
    const date = nextBookableDay('Friday');
    const answers = [
      await availability(apiRequest(`/api/bay-availability/${date}/60/2`)),
      await hold(apiRequest('/api/bay-hold', { body: { date, start: '18:00', lengthMinutes: 60, partySize: 2, bayType: 'standard', name: 'Robin Fairway', email: 'robin@example.com', phone: '608-555-0142' } })),
      await signIn(apiRequest('/api/member/sign-in', { body: { email: 'member@example.com' } })),
      await signInLink(apiRequest(`/api/member/sign-in/${'a'.repeat(43)}`)),
    ];
    for (const response of answers) {
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual(refusal);
    }
    expect(await storedKeys()).toEqual([]);
  });

  it('still shows a booking made before the switch through its link, and staff still see it', async () => {
    const date = nextBookableDay('Saturday');
    const { record, token } = await holdForGuest({ date, start: '12:00', lengthMinutes: 60, partySize: 2, bayType: 'standard', name: 'Casey Green', email: 'casey@example.com', phone: '608-555-0123' }, null, Date.now(), { origin: ORIGIN, client: null });
    expect(token).toBe(bookingToken(record.id));
    const view = await booking(apiRequest(`/api/bay-booking/${record.id}/${token}`));
    expect(view.status).toBe(200);
    expect((await view.json()) as GuestBooking).toMatchObject({ id: record.id, date, start: '12:00' });
    const calendar = await booking(apiRequest(`/api/bay-booking/${record.id}/${token}/calendar.ics`));
    expect(calendar.status).toBe(200);

    const cookie = await adminCookie();
    const day = await admin(apiRequest(`/api/admin/bay-bookings/day/${date}`, { cookie }));
    expect(day.status).toBe(200);
    const cancelled = await admin(apiRequest(`/api/admin/bay-bookings/cancel/${record.id}`, { body: { refund: false }, cookie }));
    expect(cancelled.status).toBe(200);
  });
});
