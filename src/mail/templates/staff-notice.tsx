import { Facts, MailLayout, Paragraph, type Fact, type Venue } from './layout';

/** A short notice for staff (league registration paid, membership events). */
export function StaffNoticeMail({ venue, title, lead, facts }: { venue: Venue; title: string; lead: string; facts: readonly Fact[] }) {
  return (
    <MailLayout venue={venue} preview={lead} title={title}>
      <Paragraph>{lead}</Paragraph>
      <Facts facts={facts} />
    </MailLayout>
  );
}
