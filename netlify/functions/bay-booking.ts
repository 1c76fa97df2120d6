import type { Config } from '@netlify/functions';
import { bookingCalendar, cancelBooking, viewBooking } from '../../src/domain/api/bay-booking';
import type { AnswerOf } from '../../src/domain/api/endpoint';
import { site } from '../../src/data/site';
import { formatAddress } from '../../src/domain/site';
import { bookingIcs, bookingOfLink, cancelByGuest, guestView } from '../../src/server/bay-booking/manage';
import { handle } from '../../src/server/handle';
import { answer, withSecurityHeaders } from '../../src/server/http';
import { routeParam, siteUrl, type FunctionContext } from '../../src/server/request';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * GET  /api/bay-booking/:id/:token              → the booking (404 when the token does not sign it)
 * POST /api/bay-booking/:id/:token/cancel       → cancels and refunds before the policy's limit (409 after, saying why)
 * GET  /api/bay-booking/:id/:token/calendar.ics → the booking as an .ics file
 */
const view = handle(['GET'], async (request, context) => {
  const token = routeParam(context, 'token') ?? '';
  const record = await bookingOfLink(routeParam(context, 'id') ?? '', token);
  return answer(viewBooking, guestView(record, token, siteUrl(request), Date.now()), 200, NO_STORE);
});

const cancel = handle(['POST'], async (request, context) => {
  const token = routeParam(context, 'token') ?? '';
  const record = await bookingOfLink(routeParam(context, 'id') ?? '', token);
  const now = Date.now();
  const after = await cancelByGuest(record, now);
  return answer(cancelBooking, guestView(after, token, siteUrl(request), now), 200, NO_STORE);
});

const calendar = handle(['GET'], async (_request, context) => {
  const record = await bookingOfLink(routeParam(context, 'id') ?? '', routeParam(context, 'token') ?? '');
  const text: AnswerOf<typeof bookingCalendar> = bookingIcs(record, site.name, formatAddress(site.address), new Date());
  return withSecurityHeaders(
    new Response(text, { headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'attachment; filename="bay-booking.ics"', ...NO_STORE } }),
  );
});

export default async function bayBooking(request: Request, context?: FunctionContext): Promise<Response> {
  // /api/bay-booking/:id/:token has four segments; the cancel and calendar paths add a fifth.
  const segments = new URL(request.url).pathname.split('/').filter(Boolean);
  const action = segments.length === 5 ? segments[4] : null;
  if (action === 'cancel') return cancel(request, context);
  if (action === 'calendar.ics') return calendar(request, context);
  return view(request, context);
}

export const config: Config = { path: ['/api/bay-booking/:id/:token', '/api/bay-booking/:id/:token/cancel', '/api/bay-booking/:id/:token/calendar.ics'] };
