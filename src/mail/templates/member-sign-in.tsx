/** The member's one-time sign-in link for booking a bay with their membership. */
import { ActionLink, MailLayout, Paragraph, type Venue } from './layout';

export function MemberSignInMail({ venue, link, minutes }: { venue: Venue; link: string; minutes: number }) {
  return (
    <MailLayout venue={venue} preview={`Your sign-in link works once, within ${minutes} minutes.`} title="Sign in to book a bay">
      <Paragraph>Use this link to sign in with your membership at {venue.name}. It works once, within {minutes} minutes.</Paragraph>
      <ActionLink href={link}>Sign in and book a bay</ActionLink>
      <Paragraph>If you did not ask to sign in, you can ignore this message: nobody can sign in without the link.</Paragraph>
    </MailLayout>
  );
}
