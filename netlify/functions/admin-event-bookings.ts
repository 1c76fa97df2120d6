import type { Config } from '@netlify/functions';
import { adminHandle } from '../../src/server/admin/admin-handle';
import { listEventBookings } from '../../src/server/events/bookings';
import { json } from '../../src/server/http';

/** GET /api/admin/event-bookings: the booking requests, newest first. */
export default adminHandle(['GET'], async () => json(await listEventBookings()));

export const config: Config = { path: '/api/admin/event-bookings' };
