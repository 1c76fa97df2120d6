/**
 * Member sign-in by e-mail for bay booking.
 * POST /api/member/sign-in { email }: sends a one-time sign-in link when the address has an active
 * membership; the answer is the same for every address. 429 when one connection asks too often.
 * GET /api/member/sign-in/:token: the e-mailed link. Sets the member session and redirects (303) to
 * /book?member=signed-in, or, for an expired, used or unknown link, to /book?member=link-invalid.
 */
import type * as z from 'zod/mini';
import type { memberLoginSchema } from '../forms/member-login';
import { endpoint } from './endpoint';

export interface SignInLinkAnswer {
  ok: true;
  message: string;
}

export const requestSignInLink = endpoint('POST', '/api/member/sign-in').takes<z.input<typeof memberLoginSchema>>().answers<SignInLinkAnswer>();
/** A redirect, no body. */
export const followSignInLink = endpoint('GET', '/api/member/sign-in/:token').answers<null>();
