/** The guest's bay booking confirmation: the booking, the link to manage or cancel it (the calendar file is attached). */
import { ActionLink, Facts, MailLayout, Paragraph, type Fact, type Venue } from './layout';

export function BayBookingConfirmationMail({ venue, guestName, facts, manageUrl, policy }: { venue: Venue; guestName: string; facts: readonly Fact[]; manageUrl: string; policy: string }) {
  return (
    <MailLayout venue={venue} preview="Your bay is booked" title="Your bay is booked">
      <Paragraph>Hi {guestName}, your bay is booked. See you at the venue.</Paragraph>
      <Facts facts={facts} />
      <Paragraph>{policy}</Paragraph>
      <ActionLink href={manageUrl}>View or cancel your booking</ActionLink>
      <Paragraph>The attached calendar file adds the booking to your calendar.</Paragraph>
    </MailLayout>
  );
}
