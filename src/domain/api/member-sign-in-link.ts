/**
 * GET /api/member/sign-in/:token: the e-mailed sign-in link. Sets the member session and redirects
 * (303) to /book?member=signed-in, or, for an expired, used or unknown link, to
 * /book?member=link-invalid, setting nothing. No body.
 */
import { endpoint } from './endpoint';

export const followSignInLink = endpoint('GET', '/api/member/sign-in/:token').answers<null>();
