/**
 * What a message says, as data (pure): a title, a preview line and blocks in order. The outbox keeps
 * this, not markup, so storing a record costs no rendering; when the message is sent, its HTML part is
 * rendered from these blocks by the React Email layout and its plain-text part is written from the
 * same blocks here, so both parts always say the same thing.
 */

/** A fact per line, "Label: value" (the HTML part bolds the label). */
export interface Fact {
  label: string;
  value: string;
}

export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'facts'; facts: Fact[] }
  | { kind: 'link'; text: string; href: string };

export interface MailContent {
  title: string;
  /** The line mail apps show beside the subject. */
  preview: string;
  blocks: MailBlock[];
}

/** What every message says about the venue at its foot (from site.json). */
export interface Venue {
  name: string;
  address: string;
  phone: string;
  phoneHref: string;
  email: string;
}

/** The rule between the content and the venue's foot in the plain-text part. */
export const TEXT_RULE = '-'.repeat(40);

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'facts':
      return block.facts.map((fact) => `${fact.label}: ${fact.value}`).join('\n');
    case 'link':
      return `${block.text}: ${block.href}`;
  }
}

/** The plain-text part: the title in capitals, each block as a paragraph, then the venue's name, address and phone. */
export function mailText(content: MailContent, venue: Venue): string {
  return [content.title.toUpperCase(), ...content.blocks.map(blockText), TEXT_RULE, [venue.name, venue.address, venue.phone].join('\n')].join('\n\n');
}
