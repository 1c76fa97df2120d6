/**
 * POST /api/admin/auth/login: staff sign-in; sets the session cookie. Body: adminLoginSchema
 * (src/features/staff/contract/login-form.ts). A refusal answers errorAnswer (common.ts), with
 * `lockoutRemaining` (minutes) on 429.
 */
import type * as z from 'zod/mini';
import type { adminLoginSchema } from './login-form';
import type { OkAnswer } from '../../../shared/contract/common';
import { endpoint } from '../../../shared/contract/endpoint';

export const adminLogin = endpoint('POST', '/api/admin/auth/login').takes<z.input<typeof adminLoginSchema>>().answers<OkAnswer>();
