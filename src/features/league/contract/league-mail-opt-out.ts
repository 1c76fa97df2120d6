/**
 * /api/league-mail-opt-out: a team stops its weekly league result mails with the token of the link
 * in them (404 when no team has it). The body's schema: opt-out-form.ts.
 */
import type { OkAnswer } from '../../../shared/contract/common';
import { endpoint } from '../../../shared/contract/endpoint';
import type { OptOutBody } from './opt-out-form';

export const OPT_OUT_UNKNOWN = 'This link is not one we sent: open it again from the e-mail.';

export const leagueMailOptOut = endpoint('POST', '/api/league-mail-opt-out').takes<OptOutBody>().answers<OkAnswer>();
