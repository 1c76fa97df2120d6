import type { Config } from '@netlify/functions';
import { league } from '../../src/data/league';
import { adminHandle } from '../../src/server/admin/admin-handle';
import { json } from '../../src/server/http';
import { deleteAllRegistrations, deleteRegistrations, listRegistrations, slotKey } from '../../src/server/league/registrations-store';
import { HttpError, routeParam, type FunctionContext } from '../../src/server/request';

const REGISTRATION_ID = /^[A-Za-z0-9-]{1,64}$/;

/** Every capacity set the league data can produce (deleted with "delete all"). */
const slotKeys = league.sessions.flatMap((session) =>
  league.teeTimes.days.flatMap((day) => league.teeTimes.slots.map((slot) => slotKey(session.id, `${day.id}-${slot.id}`))),
);

/**
 * GET  /api/admin/league-registrations       → registrations, newest first
 * DELETE /api/admin/league-registrations     → deletes all → { ok: true, deleted }
 * DELETE /api/admin/league-registrations/:id → deletes one → { ok: true } (404 when unknown)
 * Each path refuses other methods with its own Allow list.
 */
const allRegistrations = adminHandle(['GET', 'DELETE'], async (request) => {
  if (request.method === 'GET') return json(await listRegistrations());
  return json({ ok: true, deleted: await deleteAllRegistrations(slotKeys) });
});

const oneRegistration = adminHandle(['DELETE'], async (_request, context) => {
  const id = routeParam(context, 'id') ?? '';
  if (!REGISTRATION_ID.test(id) || (await deleteRegistrations([id])) === 0) throw new HttpError(404, 'Registration not found.');
  return json({ ok: true });
});

export default async function adminLeagueRegistrations(request: Request, context?: FunctionContext): Promise<Response> {
  return (routeParam(context, 'id') === undefined ? allRegistrations : oneRegistration)(request, context);
}

export const config: Config = { path: ['/api/admin/league-registrations', '/api/admin/league-registrations/:id'] };
