/**
 * POST /api/admin/auth/login: staff sign-in; sets the session cookie. Body: adminLoginSchema
 * (src/domain/forms/admin-login.ts). A refusal answers errorAnswer (common.ts), with
 * `lockoutRemaining` (minutes) on 429.
 */
import type * as z from 'zod/mini';
import type { adminLoginSchema } from '../forms/admin-login';
import type { OkAnswer } from './common';
import { endpoint } from './endpoint';

export const adminLogin = endpoint('POST', '/api/admin/auth/login').takes<z.input<typeof adminLoginSchema>>().answers<OkAnswer>();
