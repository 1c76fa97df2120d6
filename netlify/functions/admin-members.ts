import type { Config } from '@netlify/functions';
import { listMembers as membersEndpoint } from '../../src/domain/api/admin-members';
import { adminHandle } from '../../src/server/admin/admin-handle';
import { listMembers } from '../../src/server/admin/members';
import { answer } from '../../src/server/http';

/** GET /api/admin/members: every Stripe customer who has subscriptions, with them. */
export default adminHandle(['GET'], async () => answer(membersEndpoint, await listMembers()));

export const config: Config = { path: '/api/admin/members' };
