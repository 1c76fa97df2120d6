import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminFunction, { config as adminConfig } from '../../netlify/functions/admin-bay-bookings';
import availabilityFunction, { config as availabilityConfig } from '../../netlify/functions/bay-availability';
import hold from '../../netlify/functions/bay-hold';
import type { BayDay, StaffBooking } from '../../src/features/bay-booking/contract/admin-bay-bookings';
import type { BayAvailability } from '../../src/features/bay-booking/contract/bay-availability';
import { nextBookableDay } from '../support/bay-dates';
import { readBooking } from '../../src/features/bay-booking/server/store';
import { routed } from '../support/function-context';
import { compileRoutePattern, matchRoutePattern } from '../../dev/function-host';

const pathMatches = (path: string, pathname: string) => matchRoutePattern(compileRoutePattern(path, 'admin-bay-bookings'), pathname) !== undefined;
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, clearStore, restoreStoreEnv } from './api-helpers';
import { startPaymentsHarness, type PaymentsHarness } from './payments-harness';

const admin = routed(adminFunction, adminConfig);
const availability = routed(availabilityFunction, availabilityConfig);

const nextSaturday = () => nextBookableDay('Saturday');

let payments: PaymentsHarness;
let cookie = '';

describe('/api/admin/bay-bookings', () => {
  beforeAll(async () => {
    payments = await startPaymentsHarness();
  });
  afterAll(async () => payments.close());
  beforeEach(async () => {
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    payments.useEnv();
    await clearStore();
    cookie = await adminCookie();
  });
  afterEach(() => restoreStoreEnv());

  const post = (path: string, body: unknown) => admin(apiRequest(path, { body, cookie }));
  const get = async <T>(path: string) => {
    const response = await admin(apiRequest(path, { cookie }));
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };

  it('blocks a bay and takes desk bookings under the same no-overlap rule; the day view, search and cancel see them', async () => {
    const date = nextSaturday();
    const block = await post('/api/admin/bay-bookings', { kind: 'block', bayId: 'bay-6', date, start: '11:00', lengthMinutes: 480, reason: 'Projector repair' });
    expect(block.status).toBe(201);
    const blocked = (await block.json()) as StaffBooking;
    expect(blocked).toMatchObject({ kind: 'block', status: 'confirmed', bayName: 'Bay 6', start: '11:00', end: '19:00', name: 'Projector repair' });

    const day = (await (await availability(apiRequest(`/api/bay-availability/${date}/60/12`))).json()) as BayAvailability;
    expect(day.bayTypes.find((type) => type.id === 'large')!.times.map((time) => time.start)).toEqual(['19:00', '19:30', '20:00', '20:30', '21:00']);

    const overlapping = await post('/api/admin/bay-bookings', { kind: 'booking', bayId: 'bay-6', date, start: '18:30', lengthMinutes: 60, partySize: 10, name: 'Walk-in party' });
    expect([overlapping.status, await overlapping.json()]).toEqual([409, { error: 'Sorry, that time was just taken. Please choose another time.' }]);
    const desk = await post('/api/admin/bay-bookings', { kind: 'booking', bayId: 'bay-6', date, start: '19:00', lengthMinutes: 60, partySize: 10, name: 'Walk-in party', phone: '608-555-0199' });
    expect(desk.status).toBe(201);
    const refused = await post('/api/admin/bay-bookings', { kind: 'booking', bayId: 'bay-6', date, start: '19:00', lengthMinutes: 60, partySize: 10 });
    expect([refused.status, ((await refused.json()) as { fields: Record<string, string> }).fields]).toEqual([400, { name: 'Name is required' }]);

    const online = await hold(apiRequest('/api/bay-hold', { body: { date, start: '12:00', lengthMinutes: 60, partySize: 2, bayType: 'standard', name: 'Casey Green', email: 'casey@example.com', phone: '608-555-0123' } }));
    const { url, bookingId } = (await online.json()) as { url: string; bookingId: string };
    await payments.emulator.completeCheckout(url.split('/').at(-1)!, { email: 'casey@example.com' });

    const view = await get<BayDay>(`/api/admin/bay-bookings/day/${date}`);
    expect(view).toMatchObject({ date, opens: '11:00', closes: '22:00' });
    expect(view.bays).toHaveLength(6);
    expect(view.bookings.map((booking) => [booking.kind, booking.bayId, booking.start, booking.end])).toEqual([
      ['block', 'bay-6', '11:00', '19:00'],
      ['online', 'bay-1', '12:00', '13:00'],
      ['desk', 'bay-6', '19:00', '20:00'],
    ]);
    expect((await get<StaffBooking[]>('/api/admin/bay-bookings/search/casey')).map((booking) => booking.id)).toEqual([bookingId]);
    expect((await get<StaffBooking[]>('/api/admin/bay-bookings/search/555-0199')).map((booking) => booking.name)).toEqual(['Walk-in party']);
    expect(await get<StaffBooking[]>('/api/admin/bay-bookings')).toHaveLength(3);

    const cancelled = await post(`/api/admin/bay-bookings/cancel/${bookingId}`, { refund: true });
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled', refundedCents: 4000 });
    const paymentIntent = (await readBooking(bookingId))!.paymentIntentId!;
    expect((await payments.stripe.refunds.list({ payment_intent: paymentIntent })).data.map((refund) => refund.amount)).toEqual([4000]);
    const unblocked = await post(`/api/admin/bay-bookings/cancel/${blocked.id}`, { refund: false });
    expect(await unblocked.json()).toMatchObject({ status: 'cancelled', refundedCents: 0 });
    expect((await get<BayDay>(`/api/admin/bay-bookings/day/${date}`)).bookings.map((booking) => booking.kind)).toEqual(['desk']);
    const twice = await post(`/api/admin/bay-bookings/cancel/${blocked.id}`, { refund: false });
    expect(twice.status).toBe(409);
  });

  it('cancels a paid booking without a refund when staff say so, and refuses strangers', async () => {
    const date = nextSaturday();
    const online = await hold(apiRequest('/api/bay-hold', { body: { date, start: '15:00', lengthMinutes: 60, partySize: 2, bayType: 'standard', name: 'Casey Green', email: 'casey@example.com', phone: '608-555-0123' } }));
    const { url, bookingId } = (await online.json()) as { url: string; bookingId: string };
    await payments.emulator.completeCheckout(url.split('/').at(-1)!, { email: 'casey@example.com' });
    expect(await (await post(`/api/admin/bay-bookings/cancel/${bookingId}`, { refund: false })).json()).toMatchObject({ status: 'cancelled', refundedCents: 0 });
    expect((await payments.stripe.refunds.list({ payment_intent: (await readBooking(bookingId))!.paymentIntentId! })).data).toEqual([]);
    expect((await admin(apiRequest(`/api/admin/bay-bookings/day/${date}`))).status).toBe(401);
    expect((await admin(apiRequest(`/api/admin/bay-bookings/day/2026-13-01`, { cookie }))).status).toBe(400);
  });

  it('routes a day named like an action and a booking id named like a view to one endpoint each', async () => {
    expect([...(adminConfig.path as string[])].filter((path) => pathMatches(path, '/api/admin/bay-bookings/day/cancel'))).toEqual(['/api/admin/bay-bookings/day/:date']);
    const day = await admin(apiRequest('/api/admin/bay-bookings/day/cancel', { cookie }));
    expect([day.status, await day.json()]).toEqual([400, { error: 'Please choose a date' }]);
    const cancel = await post('/api/admin/bay-bookings/cancel/day', { refund: false });
    expect([cancel.status, await cancel.json()]).toEqual([404, { error: 'Booking not found.' }]);
  });
});
