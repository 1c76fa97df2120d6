/** GET /api/admin/auth/verify: answers ok with a valid staff session, 401 without one. */
import type { OkAnswer } from './common';
import { endpoint } from './endpoint';

export const adminVerify = endpoint('GET', '/api/admin/auth/verify').answers<OkAnswer>();
