import type { Fact, MailContent } from './content';

/** A short notice for staff (league registration paid, membership events). */
export function staffNoticeMail({ title, lead, facts }: { title: string; lead: string; facts: Fact[] }): MailContent {
  return { title, preview: lead, blocks: [{ kind: 'paragraph', text: lead }, { kind: 'facts', facts }] };
}
