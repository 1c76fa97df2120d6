/**
 * The wrapper every /api/admin/* function runs in, so a new staff endpoint cannot forget a guard:
 * the staff session (401 without one, 503 when sign-in is not configured), an Origin equal to the
 * site's own on every state-changing call (403), and no-store / Vary: Cookie on every answer.
 */
import { handle, type FunctionHandler } from '../../../shared/server/handle';
import type { FunctionContext } from '../../../shared/server/request';
import { ADMIN_HEADERS, requireAdmin, requireSameOrigin } from './session';

const READ_METHODS = new Set(['GET', 'HEAD']);

export interface AdminHandleOptions {
  /** Sign-in and sign-out run without a session; everything else needs one. */
  session?: 'required' | 'none';
}

export function adminHandle(
  methods: readonly string[],
  work: (request: Request, context: FunctionContext) => Promise<Response>,
  options: AdminHandleOptions = {},
): FunctionHandler {
  const needsSession = (options.session ?? 'required') === 'required';
  return handle(methods, work, {
    headers: ADMIN_HEADERS,
    guard: async (request) => {
      if (!READ_METHODS.has(request.method)) requireSameOrigin(request);
      if (needsSession) await requireAdmin(request);
    },
  });
}
