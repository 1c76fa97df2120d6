/** The guest's bay booking confirmation: the booking, the link to manage or cancel it (the calendar file is attached). */
import type { Fact, MailContent } from '../../../shared/mail/content';

export function bayBookingConfirmationMail({ guestName, facts, manageUrl, policy }: { guestName: string; facts: Fact[]; manageUrl: string; policy: string }): MailContent {
  const title = 'Your bay is booked';
  return {
    title,
    preview: title,
    blocks: [
      { kind: 'paragraph', text: `Hi ${guestName}, your bay is booked. See you at the venue.` },
      { kind: 'facts', facts },
      { kind: 'paragraph', text: policy },
      { kind: 'link', text: 'View or cancel your booking', href: manageUrl },
      { kind: 'paragraph', text: 'The attached calendar file adds the booking to your calendar.' },
    ],
  };
}
