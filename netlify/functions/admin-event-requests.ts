import type { Config } from '@netlify/functions';
import { changeEventRequest as changeEndpoint, listEventRequests } from '../../src/features/event-requests/contract/admin-event-requests';
import { eventRequestChangeSchema } from '../../src/features/event-requests/contract/request-change';
import { adminHandle } from '../../src/features/staff/server/admin-handle';
import { readEventRequests } from '../../src/features/event-requests/server/requests';
import { changeEventRequest } from '../../src/features/event-requests/server/request-changes';
import { answer } from '../../src/shared/server/http';
import { HttpError, readJsonBody, routeParam, type FunctionContext } from '../../src/shared/server/request';

const REQUEST_ID = /^[A-Za-z0-9-]{1,64}$/;
const NOT_FOUND = 'Event request not found.';
/** A status and notes of at most 2,000 characters fit well within this. */
const MAX_CHANGE_BYTES = 16 * 1024;

/**
 * GET   /api/admin/event-bookings     → the booking requests, newest first
 * PATCH /api/admin/event-bookings/:id → changes its status and/or notes { status?, notes? } and
 *                                       answers the request as changed (404 when unknown)
 */
const allRequests = adminHandle(['GET'], async () => answer(listEventRequests, await readEventRequests()));

const oneRequest = adminHandle(['PATCH'], async (request, context) => {
  const id = routeParam(context, 'id') ?? '';
  if (!REQUEST_ID.test(id)) throw new HttpError(404, NOT_FOUND);
  const change = await readJsonBody(request, eventRequestChangeSchema, { maxBytes: MAX_CHANGE_BYTES });
  const changed = await changeEventRequest(id, change);
  if (!changed) throw new HttpError(404, NOT_FOUND);
  return answer(changeEndpoint, changed);
});

export default async function adminEventRequests(request: Request, context?: FunctionContext): Promise<Response> {
  return (context?.params?.id ? oneRequest : allRequests)(request, context);
}

export const config: Config = { path: ['/api/admin/event-bookings', '/api/admin/event-bookings/:id'] };
