/** GET /api/admin/auth/verify: answers ok with a valid staff session, 401 without one. */
import type { OkAnswer } from '../../../shared/contract/common';
import { endpoint } from '../../../shared/contract/endpoint';

export const adminVerify = endpoint('GET', '/api/admin/auth/verify').answers<OkAnswer>();
