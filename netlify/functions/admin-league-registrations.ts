import type { Config } from '@netlify/functions';
import { league } from '../../src/features/league/catalogue';
import { deleteAllRegistrations, deleteRegistration, listRegistrations } from '../../src/features/league/contract/admin-league-registrations';
import { slotPairs } from '../../src/features/league/rules/availability';
import { adminHandle } from '../../src/features/staff/server/admin-handle';
import { answer } from '../../src/shared/server/http';
import { adminRegistrations } from '../../src/features/league/server/admin-view';
import { deleteAllRegistrations as deleteAll, deleteRegistrations } from '../../src/features/league/server/registrations-store';
import { HttpError, routeParam, type FunctionContext } from '../../src/shared/server/request';

const REGISTRATION_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * GET  /api/admin/league-registrations       → registrations, newest first
 * DELETE /api/admin/league-registrations     → deletes all, with every capacity set the league's
 *                                              sessions and tee times can hold → { ok: true, deleted }
 * DELETE /api/admin/league-registrations/:id → deletes one → { ok: true } (404 when unknown)
 * Each path refuses other methods with its own Allow list.
 */
const allRegistrations = adminHandle(['GET', 'DELETE'], async (request) => {
  if (request.method === 'GET') return answer(listRegistrations, await adminRegistrations());
  return answer(deleteAllRegistrations, { ok: true, deleted: await deleteAll(slotPairs(league)) });
});

const oneRegistration = adminHandle(['DELETE'], async (_request, context) => {
  const id = routeParam(context, 'id') ?? '';
  if (!REGISTRATION_ID.test(id) || (await deleteRegistrations([id])) === 0) throw new HttpError(404, 'Registration not found.');
  return answer(deleteRegistration, { ok: true });
});

export default async function adminLeagueRegistrations(request: Request, context?: FunctionContext): Promise<Response> {
  // Any id at all, even one whose encoding is broken, addresses one registration, never all.
  return (context?.params?.id ? oneRegistration : allRegistrations)(request, context);
}

export const config: Config = { path: ['/api/admin/league-registrations', '/api/admin/league-registrations/:id'] };
