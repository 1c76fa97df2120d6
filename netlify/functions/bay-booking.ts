import type { Config } from '@netlify/functions';
import { bookingCalendar, cancelBooking, moveBooking, moveOptions, releaseHold, viewBooking } from '../../src/features/bay-booking/contract/bay-booking';
import { availabilityQuerySchema } from '../../src/features/bay-booking/contract/booking-form';
import { cancelBookingSchema, moveBookingSchema } from '../../src/features/bay-booking/contract/move-form';
import type { AnswerOf } from '../../src/shared/contract/endpoint';
import { site } from '../../src/data/site';
import { formatAddress } from '../../src/domain/site';
import { bookingIcs, guestView } from '../../src/features/bay-booking/server/booking-view';
import { bookingOfLink, cancelByGuest, checkBookingLink } from '../../src/features/bay-booking/server/manage';
import { moveBooking as moveByGuest } from '../../src/features/bay-booking/server/move';
import { moveOptionsFor } from '../../src/features/bay-booking/server/move-options';
import { startMoveCheckout } from '../../src/features/bay-booking/server/move-payment';
import { payOwedRefundNow } from '../../src/features/bay-booking/server/refunds';
import { releaseByGuest } from '../../src/features/bay-booking/server/release';
import { bayMoveKey } from '../../src/features/bay-booking/mail/move';
import { afterAnswer, deliverNow } from '../../src/shared/mail/deliver';
import { handle } from '../../src/shared/server/handle';
import { answer, withSecurityHeaders } from '../../src/shared/server/http';
import { HttpError, readJsonBody, routeParam, siteUrl, type FunctionContext } from '../../src/shared/server/request';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * GET  /api/bay-booking/:id/:token              → the booking (404 when the token does not sign it)
 * POST /api/bay-booking/:id/:token/cancel       → cancels and refunds before the policy's limit (one store round trip; 409 after, saying why)
 * POST /api/bay-booking/:id/:token/release      → gives back an unpaid hold or a move waiting for its payment (back from Checkout)
 * GET  /api/bay-booking/:id/:token/calendar.ics → the booking as an .ics file
 * GET  /api/bay-booking/:id/:token/move-options/:date/:lengthMinutes → the starts it can move to that day, priced
 * POST /api/bay-booking/:id/:token/move         → moves it (one store round trip), or holds a dearer time and answers Checkout's page
 */
const view = handle(['GET'], async (request, context) => {
  const token = routeParam(context, 'token') ?? '';
  const record = await bookingOfLink(routeParam(context, 'id') ?? '', token);
  return answer(viewBooking, guestView(record, token, siteUrl(request), Date.now()), 200, NO_STORE);
});

const cancel = handle(['POST'], async (request, context) => {
  const id = routeParam(context, 'id') ?? '';
  const token = routeParam(context, 'token') ?? '';
  // As a move: the link is checked without a read, the cancel's one script reads the booking.
  checkBookingLink(id, token);
  const { revision } = await readJsonBody(request, cancelBookingSchema);
  const now = Date.now();
  const after = await cancelByGuest(id, revision, now);
  // The refund is owed already; it is paid after the answer (or by the scheduled run).
  if (after.refundOwed) afterAnswer(context, () => payOwedRefundNow(after, now));
  return answer(cancelBooking, guestView(after, token, siteUrl(request), now), 200, NO_STORE);
});

const release = handle(['POST'], async (request, context) => {
  const token = routeParam(context, 'token') ?? '';
  const record = await bookingOfLink(routeParam(context, 'id') ?? '', token);
  return answer(releaseHold, guestView(await releaseByGuest(record), token, siteUrl(request), Date.now()), 200, NO_STORE);
});

const calendar = handle(['GET'], async (_request, context) => {
  const record = await bookingOfLink(routeParam(context, 'id') ?? '', routeParam(context, 'token') ?? '');
  const text: AnswerOf<typeof bookingCalendar> = bookingIcs(record, site.name, formatAddress(site.address), new Date());
  return withSecurityHeaders(
    new Response(text, { headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'attachment; filename="bay-booking.ics"', ...NO_STORE } }),
  );
});

const options = handle(['GET'], async (_request, context) => {
  const record = await bookingOfLink(routeParam(context, 'id') ?? '', routeParam(context, 'token') ?? '');
  const query = availabilityQuerySchema.safeParse({ date: routeParam(context, 'date'), lengthMinutes: routeParam(context, 'lengthMinutes'), partySize: record.partySize || 1 });
  if (!query.success) throw new HttpError(400, query.error.issues[0]?.message ?? 'Please choose a date');
  return answer(moveOptions, await moveOptionsFor(record, query.data, Date.now()), 200, NO_STORE);
});

const move = handle(['POST'], async (request, context) => {
  const id = routeParam(context, 'id') ?? '';
  const token = routeParam(context, 'token') ?? '';
  // The link is checked without reading the booking: the move's script reads it (one round trip).
  checkBookingLink(id, token);
  const body = await readJsonBody(request, moveBookingSchema);
  const now = Date.now();
  const origin = siteUrl(request);
  const { outcome, record } = await moveByGuest(id, body.revision, body, 'guest', origin, now);
  if (outcome === 'held') {
    const checkoutUrl = await startMoveCheckout(record, origin, now);
    return answer(moveBooking, { booking: guestView(record, token, origin, now), checkoutUrl }, 200, NO_STORE);
  }
  // A cheaper time's refund and the update mail go after the answer (both are owed and queued already).
  afterAnswer(context, async () => {
    await payOwedRefundNow(record, now);
    await deliverNow([bayMoveKey(id, record.history?.length ?? 0)]);
  });
  return answer(moveBooking, { booking: guestView(record, token, origin, now), checkoutUrl: null }, 200, NO_STORE);
});

export default async function bayBooking(request: Request, context?: FunctionContext): Promise<Response> {
  // /api/bay-booking/:id/:token has four segments; the cancel, release, move and calendar paths add a fifth, the move options three more.
  const segments = new URL(request.url).pathname.split('/').filter(Boolean);
  const action = segments.length >= 5 ? segments[4] : null;
  if (action === 'move-options' && segments.length === 7) return options(request, context);
  if (segments.length === 5) {
    if (action === 'cancel') return cancel(request, context);
    if (action === 'release') return release(request, context);
    if (action === 'move') return move(request, context);
    if (action === 'calendar.ics') return calendar(request, context);
  }
  return view(request, context);
}

export const config: Config = { path: ['/api/bay-booking/:id/:token', '/api/bay-booking/:id/:token/cancel', '/api/bay-booking/:id/:token/release', '/api/bay-booking/:id/:token/calendar.ics', '/api/bay-booking/:id/:token/move', '/api/bay-booking/:id/:token/move-options/:date/:lengthMinutes'] };
