import type { Config } from '@netlify/functions';
import { ADMIN_HEADERS, requireAdmin } from '../../src/server/admin/session';
import { listEventBookings } from '../../src/server/events/bookings';
import { handle } from '../../src/server/handle';
import { json } from '../../src/server/http';

/** GET /api/admin/event-bookings: the booking requests, newest first. */
export default handle(['GET'], async (request) => {
  await requireAdmin(request);
  return json(await listEventBookings(), 200, ADMIN_HEADERS);
});

export const config: Config = { path: '/api/admin/event-bookings' };
