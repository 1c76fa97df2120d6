/** The member's one-time sign-in link for booking a bay with their membership. */
import type { MailContent } from '../../../shared/mail/content';

export function memberSignInMail({ venueName, link, minutes }: { venueName: string; link: string; minutes: number }): MailContent {
  return {
    title: 'Sign in to book a bay',
    preview: `Your sign-in link works once, within ${minutes} minutes.`,
    blocks: [
      { kind: 'paragraph', text: `Use this link to sign in with your membership at ${venueName}. It works once, within ${minutes} minutes.` },
      { kind: 'link', text: 'Sign in and book a bay', href: link },
      { kind: 'paragraph', text: 'If you did not ask to sign in, you can ignore this message: nobody can sign in without the link.' },
    ],
  };
}
