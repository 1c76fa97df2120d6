import type { Config } from '@netlify/functions';
import { listEventRequests } from '../../src/domain/api/admin-event-bookings';
import { adminHandle } from '../../src/server/admin/admin-handle';
import { listEventBookings } from '../../src/server/events/bookings';
import { answer } from '../../src/server/http';

/** GET /api/admin/event-bookings: the booking requests, newest first. */
export default adminHandle(['GET'], async () => answer(listEventRequests, await listEventBookings()));

export const config: Config = { path: '/api/admin/event-bookings' };
