/**
 * The e-mailed sign-in link's token (the link opens /book#sign-in={token}; the page calls these).
 * GET /api/member/sign-in/:token: whom the link signs in ({ email }); changes nothing, so a mail
 * scanner or a prefetch uses nothing up. 404 for an expired, used or unknown link.
 * POST /api/member/sign-in/:token: the member's button; from the site itself only (403 otherwise).
 * Takes the token (it works once) and sets the member session cookie. 404 for an expired, used or
 * unknown link, setting nothing.
 */
import type { OkAnswer } from '../../../shared/contract/common';
import { endpoint } from '../../../shared/contract/endpoint';

export interface SignInLinkHolder {
  email: string;
}

export const readSignInLink = endpoint('GET', '/api/member/sign-in/:token').answers<SignInLinkHolder>();
export const confirmSignInLink = endpoint('POST', '/api/member/sign-in/:token').answers<OkAnswer>();
