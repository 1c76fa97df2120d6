// The mail catcher's memory: every message the SMTP side accepted, parsed (mailparser), newest first.
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

export class MailStore {
  private readonly messages: CaughtMessage[] = [];
  private nextId = 1;

  async add(stream: Readable, envelopeTo: string[]): Promise<CaughtMessage> {
    const parsed = await simpleParser(stream);
    const message: CaughtMessage = {
      id: this.nextId++,
      receivedAt: new Date().toISOString(),
      envelopeTo,
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
    this.messages.unshift(message);
    return message;
  }

  list(): readonly CaughtMessage[] {
    return this.messages;
  }

  find(id: number): CaughtMessage | undefined {
    return this.messages.find((message) => message.id === id);
  }

  clear(): void {
    this.messages.length = 0;
  }
}
