import type { Config } from '@netlify/functions';
import { changeEventRequest as changeEndpoint, listEventRequests } from '../../src/domain/api/admin-event-bookings';
import { eventRequestChangeSchema } from '../../src/domain/forms/event-request-change';
import { adminHandle } from '../../src/server/admin/admin-handle';
import { listEventBookings } from '../../src/server/events/bookings';
import { changeEventRequest } from '../../src/server/events/request-changes';
import { answer } from '../../src/server/http';
import { HttpError, readJsonBody, routeParam, type FunctionContext } from '../../src/server/request';

const REQUEST_ID = /^[A-Za-z0-9-]{1,64}$/;
const NOT_FOUND = 'Event request not found.';
/** A status and notes of at most 2,000 characters fit well within this. */
const MAX_CHANGE_BYTES = 16 * 1024;

/**
 * GET   /api/admin/event-bookings     → the booking requests, newest first
 * PATCH /api/admin/event-bookings/:id → changes its status and/or notes { status?, notes? } and
 *                                       answers the request as changed (404 when unknown)
 */
const allRequests = adminHandle(['GET'], async () => answer(listEventRequests, await listEventBookings()));

const oneRequest = adminHandle(['PATCH'], async (request, context) => {
  const id = routeParam(context, 'id') ?? '';
  if (!REQUEST_ID.test(id)) throw new HttpError(404, NOT_FOUND);
  const change = await readJsonBody(request, eventRequestChangeSchema, { maxBytes: MAX_CHANGE_BYTES });
  const changed = await changeEventRequest(id, change);
  if (!changed) throw new HttpError(404, NOT_FOUND);
  return answer(changeEndpoint, changed);
});

export default async function adminEventBookings(request: Request, context?: FunctionContext): Promise<Response> {
  return (context?.params?.id ? oneRequest : allRequests)(request, context);
}

export const config: Config = { path: ['/api/admin/event-bookings', '/api/admin/event-bookings/:id'] };
