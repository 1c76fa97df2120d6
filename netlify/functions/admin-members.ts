import type { Config } from '@netlify/functions';
import { adminHandle } from '../../src/server/admin/admin-handle';
import { listMembers } from '../../src/server/admin/members';
import { json } from '../../src/server/http';

/** GET /api/admin/members: every Stripe customer who has subscriptions, with them. */
export default adminHandle(['GET'], async () => json(await listMembers()));

export const config: Config = { path: '/api/admin/members' };
