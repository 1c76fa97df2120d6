/**
 * Member sign-in by e-mail for bay booking.
 * POST /api/member/sign-in { email }: sends a one-time sign-in link (GET /api/member/sign-in/:token,
 * member-sign-in-link.ts) when the address has an active membership; the answer is the same for every
 * address. 429 when one connection asks too often; 404 (with bookingUrl) in booking.mode external.
 */
import type * as z from 'zod/mini';
import type { memberLoginSchema } from './member-login-form';
import { endpoint } from '../../../shared/contract/endpoint';

export interface SignInLinkAnswer {
  ok: true;
  message: string;
}

export const requestSignInLink = endpoint('POST', '/api/member/sign-in').takes<z.input<typeof memberLoginSchema>>().answers<SignInLinkAnswer>();
