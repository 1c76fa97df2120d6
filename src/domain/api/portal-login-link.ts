/**
 * POST /api/create-portal-session-by-email: the member login. Body: memberLoginSchema
 * (src/domain/forms/member-login.ts). Answer: Stripe's verified portal login link with the e-mail
 * prefilled, when that e-mail has an active membership (else 404 with an error a member can act on).
 */
import type * as z from 'zod/mini';
import type { memberLoginSchema } from '../forms/member-login';
import type { RedirectAnswer } from './common';
import { endpoint } from './endpoint';

export const portalLoginLink = endpoint('POST', '/api/create-portal-session-by-email').takes<z.input<typeof memberLoginSchema>>().answers<RedirectAnswer>();
