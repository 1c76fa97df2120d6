import type { Config } from '@netlify/functions';
import { addBayEntry, allBayBookings, bayDay, cancelBayEntry, searchBayBookings } from '../../src/domain/api/admin-bay-bookings';
import { localDateSchema, staffBayEntrySchema, staffCancelSchema } from '../../src/domain/forms/bay-booking';
import { adminHandle } from '../../src/server/admin/admin-handle';
import { addStaffEntry, cancelByStaff, dayView, searchBookings } from '../../src/server/bay-booking/staff';
import { answer } from '../../src/server/http';
import { HttpError, readJsonBody, routeParam, type FunctionContext } from '../../src/server/request';

const BOOKING_ID = /^[0-9a-f-]{36}$/;

/**
 * GET  /api/admin/bay-bookings               → every booking, latest start first
 * POST /api/admin/bay-bookings               → a desk booking or a block (409 when the bay is taken)
 * GET  /api/admin/bay-bookings/day/:date     → the day's bays × time
 * GET  /api/admin/bay-bookings/search/:text  → bookings matching the text
 * POST /api/admin/bay-bookings/cancel/:id    → cancels { refund } (404 unknown, 409 already cancelled)
 */
const all = adminHandle(['GET', 'POST'], async (request) => {
  if (request.method === 'GET') return answer(allBayBookings, await searchBookings(''));
  return answer(addBayEntry, await addStaffEntry(await readJsonBody(request, staffBayEntrySchema), Date.now()), 201);
});

const day = adminHandle(['GET'], async (_request, context) => {
  const date = localDateSchema.safeParse(routeParam(context, 'date'));
  if (!date.success) throw new HttpError(400, 'Please choose a date');
  return answer(bayDay, await dayView(date.data, Date.now()));
});

const search = adminHandle(['GET'], async (_request, context) => answer(searchBayBookings, await searchBookings((routeParam(context, 'text') ?? '').slice(0, 200))));

const cancel = adminHandle(['POST'], async (request, context) => {
  const id = routeParam(context, 'id') ?? '';
  const { refund } = await readJsonBody(request, staffCancelSchema);
  if (!BOOKING_ID.test(id)) throw new HttpError(404, 'Booking not found.');
  return answer(cancelBayEntry, await cancelByStaff(id, refund));
});

export default async function adminBayBookings(request: Request, context?: FunctionContext): Promise<Response> {
  if (context?.params?.['date'] !== undefined) return day(request, context);
  if (context?.params?.['text'] !== undefined) return search(request, context);
  if (context?.params?.['id'] !== undefined) return cancel(request, context);
  return all(request, context);
}

export const config: Config = { path: ['/api/admin/bay-bookings', '/api/admin/bay-bookings/day/:date', '/api/admin/bay-bookings/search/:text', '/api/admin/bay-bookings/cancel/:id'] };
