import type { Config } from '@netlify/functions';
import { league } from '../../src/data/league';
import { ADMIN_HEADERS, requireAdmin, requireSameOrigin } from '../../src/server/admin/session';
import { handle } from '../../src/server/handle';
import { json } from '../../src/server/http';
import { deleteAllRegistrations, deleteRegistrations, listRegistrations, slotKey } from '../../src/server/league/registrations-store';
import { HttpError, routeParam, type FunctionContext } from '../../src/server/request';

const PREFIX = '/api/admin/league-registrations';
const REGISTRATION_ID = /^[A-Za-z0-9-]{1,64}$/;

/** Every capacity set the league data can produce (deleted with "delete all"). */
const slotKeys = league.sessions.flatMap((session) =>
  league.teeTimes.days.flatMap((day) => league.teeTimes.slots.map((slot) => slotKey(session.id, `${day.id}-${slot.id}`))),
);

/**
 * GET  /api/admin/league-registrations       → registrations, newest first
 * DELETE /api/admin/league-registrations     → deletes all → { ok: true, deleted }
 * DELETE /api/admin/league-registrations/:id → deletes one → { ok: true } (404 when unknown)
 * Every call needs the admin session (401); deletions also a same-site Origin (403). Each path
 * refuses other methods with its own Allow list.
 */
const allRegistrations = handle(['GET', 'DELETE'], async (request) => {
  if (request.method === 'DELETE') requireSameOrigin(request);
  await requireAdmin(request);
  if (request.method === 'GET') return json(await listRegistrations(), 200, ADMIN_HEADERS);
  return json({ ok: true, deleted: await deleteAllRegistrations(slotKeys) }, 200, ADMIN_HEADERS);
});

const oneRegistration = handle(['DELETE'], async (request, context) => {
  const id = routeParam(request, context, 'id', PREFIX) ?? '';
  requireSameOrigin(request);
  await requireAdmin(request);
  if (!REGISTRATION_ID.test(id) || (await deleteRegistrations([id])) === 0) {
    throw new HttpError(404, 'Registration not found.', {}, ADMIN_HEADERS);
  }
  return json({ ok: true }, 200, ADMIN_HEADERS);
});

export default async function adminLeagueRegistrations(request: Request, context?: FunctionContext): Promise<Response> {
  const onOne = routeParam(request, context ?? {}, 'id', PREFIX) !== undefined;
  return (onOne ? oneRegistration : allRegistrations)(request, context);
}

export const config: Config = { path: ['/api/admin/league-registrations', '/api/admin/league-registrations/:id'] };
