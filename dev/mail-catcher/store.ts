// The mail catcher's memory: every message the SMTP side accepted, newest first, kept as it arrived and
// parsed (mailparser) when first read, so catching costs the site's process next to nothing.
import { simpleParser, type ParsedMail, type AddressObject } from 'mailparser';
import type { Readable } from 'node:stream';

export interface CaughtAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** Base64. */
  content: string;
}

export interface CaughtMessage {
  id: number;
  receivedAt: string;
  /** The SMTP envelope: who the server was told to deliver to. */
  envelopeTo: string[];
  from: string;
  to: string[];
  replyTo: string[];
  subject: string;
  messageId: string;
  text: string;
  html: string;
  headers: Array<{ name: string; value: string }>;
  attachments: CaughtAttachment[];
}

const addresses = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((object) => object.value.map((entry) => entry.address ?? '')).filter(Boolean);

function headerLines(parsed: ParsedMail): Array<{ name: string; value: string }> {
  return parsed.headerLines.map((line) => {
    const colon = line.line.indexOf(':');
    return { name: line.line.slice(0, colon), value: line.line.slice(colon + 1).replace(/\r?\n\s+/g, ' ').trim() };
  });
}

interface Received {
  id: number;
  receivedAt: string;
  envelopeTo: string[];
  raw: Buffer;
  parsed?: CaughtMessage;
}

async function parse(received: Received): Promise<CaughtMessage> {
  const parsed = await simpleParser(received.raw);
  return {
    id: received.id,
    receivedAt: received.receivedAt,
    envelopeTo: received.envelopeTo,
    from: addresses(parsed.from).join(', '),
    to: addresses(parsed.to),
    replyTo: addresses(parsed.replyTo),
    subject: parsed.subject ?? '',
    messageId: parsed.messageId ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    headers: headerLines(parsed),
    attachments: parsed.attachments.map((attachment) => ({
      filename: attachment.filename ?? 'attachment',
      contentType: attachment.contentType,
      size: attachment.size,
      content: attachment.content.toString('base64'),
    })),
  };
}

export class MailStore {
  private readonly received: Received[] = [];
  private nextId = 1;

  async add(stream: Readable, envelopeTo: string[]): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    this.received.unshift({ id: this.nextId++, receivedAt: new Date().toISOString(), envelopeTo, raw: Buffer.concat(chunks) });
  }

  /** Every message, newest first, parsed. */
  async list(): Promise<CaughtMessage[]> {
    return Promise.all(this.received.map(async (received) => (received.parsed ??= await parse(received))));
  }

  async find(id: number): Promise<CaughtMessage | undefined> {
    const received = this.received.find((candidate) => candidate.id === id);
    return received ? (received.parsed ??= await parse(received)) : undefined;
  }

  clear(): void {
    this.received.length = 0;
  }
}
