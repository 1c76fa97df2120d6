/** POST /api/admin/auth/logout: clears the staff session cookie, valid or not. */
import type { OkAnswer } from './common';
import { endpoint } from './endpoint';

export const adminLogout = endpoint('POST', '/api/admin/auth/logout').answers<OkAnswer>();
