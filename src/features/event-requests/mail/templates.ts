/** The two messages of an event booking request: the staff's notice and the visitor's receipt. */
import type { Fact, MailContent } from '../../../shared/mail/content';

export function eventRequestStaffMail({ facts, adminUrl, customerName }: { facts: Fact[]; adminUrl: string; customerName: string }): MailContent {
  return {
    title: 'New event request',
    preview: `New event request from ${customerName}`,
    blocks: [
      { kind: 'paragraph', text: `${customerName} sent an event request from the website. Reply to this message to answer them.` },
      { kind: 'facts', facts },
      { kind: 'link', text: 'Open the request in the staff area', href: adminUrl },
    ],
  };
}

export function eventRequestReceivedMail({ venueName, venuePhone, facts, firstName, replyTime }: { venueName: string; venuePhone: string; facts: Fact[]; firstName: string; replyTime: string }): MailContent {
  return {
    title: 'We received your request',
    preview: `We received your event request. ${replyTime}`,
    blocks: [
      { kind: 'paragraph', text: `Hi ${firstName}, thank you for your event request at ${venueName}. ${replyTime}` },
      { kind: 'paragraph', text: 'Here is what you asked for:' },
      { kind: 'facts', facts },
      { kind: 'paragraph', text: `Questions in the meantime? Call us at ${venuePhone} or reply to this message.` },
    ],
  };
}
