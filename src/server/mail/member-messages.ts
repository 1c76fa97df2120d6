/** The member's sign-in link, one message per link (keyed by the link's hash, never the link itself). */
import { createElement } from 'react';
import { headerText } from '../../domain/mail/address';
import type { MailMessage } from '../../domain/mail/message';
import { SIGN_IN_LINK_MINUTES } from '../../domain/forms/member-sign-in-messages';
import { MemberSignInMail } from '../../mail/templates/member-sign-in';
import { renderMail, venue } from './render';

export async function memberSignInMessage(input: { email: string; link: string; linkHash: string }): Promise<MailMessage> {
  return {
    key: `member-sign-in:${input.linkHash}`,
    to: [input.email],
    subject: headerText(`Your sign-in link – ${venue.name}`),
    ...(await renderMail(createElement(MemberSignInMail, { venue, link: input.link, minutes: SIGN_IN_LINK_MINUTES }))),
  };
}
