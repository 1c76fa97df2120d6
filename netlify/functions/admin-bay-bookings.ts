import type { Config } from '@netlify/functions';
import { addBayEntry, allBayBookings, bayDay, cancelBayEntry, listFailedRefunds, moveBayEntry, retryRefund, searchBayBookings } from '../../src/features/bay-booking/contract/admin-bay-bookings';
import { failedRefundList, payOwedRefundNow, retryRefundNow } from '../../src/features/bay-booking/server/refunds';
import { staffMoveSchema } from '../../src/features/bay-booking/contract/move-form';
import { bayMoveKey } from '../../src/features/bay-booking/mail/move';
import { afterAnswer, deliverNow } from '../../src/shared/mail/deliver';
import { localDateSchema, staffBayEntrySchema, staffCancelSchema } from '../../src/features/bay-booking/contract/booking-form';
import { adminHandle } from '../../src/features/staff/server/admin-handle';
import { addStaffEntry, cancelByStaff, dayView, moveByStaff, searchBookings, toStaffBooking } from '../../src/features/bay-booking/server/staff';
import { answer } from '../../src/shared/server/http';
import { HttpError, readJsonBody, routeParam, siteUrl, type FunctionContext } from '../../src/shared/server/request';

const BOOKING_ID = /^[0-9a-f-]{36}$/;

/**
 * GET  /api/admin/bay-bookings               → every booking, latest start first
 * POST /api/admin/bay-bookings               → a desk booking or a block (409 when the bay is taken)
 * GET  /api/admin/bay-bookings/day/:date     → the day's bays × time
 * GET  /api/admin/bay-bookings/search/:text  → bookings matching the text
 * POST /api/admin/bay-bookings/cancel/:id    → cancels { refund } (404 unknown, 409 already cancelled)
 * POST /api/admin/bay-bookings/move/:moveId  → moves { date, start, lengthMinutes, bayId?, revision } (409 taken or changed meanwhile)
 * GET  /api/admin/bay-bookings/refunds/failed → refunds given up after every attempt
 * POST /api/admin/bay-bookings/refunds/:refundId/retry → tries one again now (404 when there is none)
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

const move = adminHandle(['POST'], async (request, context) => {
  const id = routeParam(context, 'moveId') ?? '';
  if (!BOOKING_ID.test(id)) throw new HttpError(404, 'Booking not found.');
  const body = await readJsonBody(request, staffMoveSchema);
  const now = Date.now();
  const record = await moveByStaff(id, body.revision, body, siteUrl(request), now);
  // A cheaper time's refund and the guest's update mail go after the answer (both are owed and queued already).
  afterAnswer(context, async () => {
    await payOwedRefundNow(record, now);
    await deliverNow([bayMoveKey(id, record.history?.length ?? 0)]);
  });
  return answer(moveBayEntry, toStaffBooking(record));
});

const failedRefunds = adminHandle(['GET'], async () => answer(listFailedRefunds, await failedRefundList()));

const retry = adminHandle(['POST'], async (_request, context) => {
  const id = routeParam(context, 'refundId') ?? '';
  if (!BOOKING_ID.test(id) || !(await retryRefundNow(id, Date.now()))) throw new HttpError(404, NO_FAILED_REFUND);
  return answer(retryRefund, { ok: true });
});

export const NO_FAILED_REFUND = 'No given-up refund for that booking.';

export default async function adminBayBookings(request: Request, context?: FunctionContext): Promise<Response> {
  if (context?.params?.['refundId'] !== undefined) return retry(request, context);
  if (new URL(request.url).pathname.replace(/\/+$/, '') === '/api/admin/bay-bookings/refunds/failed') return failedRefunds(request, context);
  if (context?.params?.['moveId'] !== undefined) return move(request, context);
  if (context?.params?.['date'] !== undefined) return day(request, context);
  if (context?.params?.['text'] !== undefined) return search(request, context);
  if (context?.params?.['id'] !== undefined) return cancel(request, context);
  return all(request, context);
}

export const config: Config = { path: ['/api/admin/bay-bookings', '/api/admin/bay-bookings/day/:date', '/api/admin/bay-bookings/search/:text', '/api/admin/bay-bookings/cancel/:id', '/api/admin/bay-bookings/move/:moveId', '/api/admin/bay-bookings/refunds/failed', '/api/admin/bay-bookings/refunds/:refundId/retry'] };
