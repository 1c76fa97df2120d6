/** The member's sign-in link, one message per link (keyed by the link's hash, never the link itself). */
import { headerText } from '../../../shared/mail/address';
import type { MailMessage } from '../../../shared/mail/message';
import { SIGN_IN_LINK_MINUTES } from '../contract/member-sign-in-texts';
import { memberSignInMail } from './sign-in-template';
import { venue } from '../../../shared/mail/venue';

export function memberSignInMessage(input: { email: string; link: string; linkHash: string }): MailMessage {
  return {
    key: `member-sign-in:${input.linkHash}`,
    to: [input.email],
    subject: headerText(`Your sign-in link – ${venue.name}`),
    content: memberSignInMail({ venueName: venue.name, link: input.link, minutes: SIGN_IN_LINK_MINUTES }),
  };
}
