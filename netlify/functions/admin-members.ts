import type { Config } from '@netlify/functions';
import { listMembers as membersEndpoint } from '../../src/features/memberships/contract/admin-members';
import { adminHandle } from '../../src/features/staff/server/admin-handle';
import { listMembers } from '../../src/features/memberships/server/admin-members';
import { answer } from '../../src/shared/server/http';

/** GET /api/admin/members: every Stripe customer who has subscriptions, with them. */
export default adminHandle(['GET'], async () => answer(membersEndpoint, await listMembers()));

export const config: Config = { path: '/api/admin/members' };
