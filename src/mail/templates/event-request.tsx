/** The two messages of an event booking request: the staff's notice and the visitor's receipt. */
import { ActionLink, Facts, MailLayout, Paragraph, type Fact, type Venue } from './layout';

export function EventRequestStaffMail({ venue, facts, adminUrl, customerName }: { venue: Venue; facts: readonly Fact[]; adminUrl: string; customerName: string }) {
  return (
    <MailLayout venue={venue} preview={`New event request from ${customerName}`} title="New event request">
      <Paragraph>{customerName} sent an event request from the website. Reply to this message to answer them.</Paragraph>
      <Facts facts={facts} />
      <ActionLink href={adminUrl}>Open the request in the staff area</ActionLink>
    </MailLayout>
  );
}

export function EventRequestReceivedMail({ venue, facts, firstName, replyTime }: { venue: Venue; facts: readonly Fact[]; firstName: string; replyTime: string }) {
  return (
    <MailLayout venue={venue} preview={`We received your event request. ${replyTime}`} title="We received your request">
      <Paragraph>Hi {firstName}, thank you for your event request at {venue.name}. {replyTime}</Paragraph>
      <Paragraph>Here is what you asked for:</Paragraph>
      <Facts facts={facts} />
      <Paragraph>
        Questions in the meantime? Call us at {venue.phone} or reply to this message.
      </Paragraph>
    </MailLayout>
  );
}
