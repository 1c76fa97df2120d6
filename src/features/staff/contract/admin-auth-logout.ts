/** POST /api/admin/auth/logout: clears the staff session cookie, valid or not. */
import type { OkAnswer } from '../../../shared/contract/common';
import { endpoint } from '../../../shared/contract/endpoint';

export const adminLogout = endpoint('POST', '/api/admin/auth/logout').answers<OkAnswer>();
