/**
 * POST /api/create-portal-session-by-email: the member login. Body: memberLoginSchema
 * (src/features/memberships/contract/member-login-form.ts). Answer: Stripe's verified portal login link with the e-mail
 * prefilled, when that e-mail has an active membership (else 404 with an error a member can act on).
 */
import type * as z from 'zod/mini';
import type { memberLoginSchema } from './member-login-form';
import type { RedirectAnswer } from '../../../shared/contract/common';
import { endpoint } from '../../../shared/contract/endpoint';

export const portalLoginLink = endpoint('POST', '/api/create-portal-session-by-email').takes<z.input<typeof memberLoginSchema>>().answers<RedirectAnswer>();
