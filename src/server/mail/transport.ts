/**
 * The SMTP connection (nodemailer), from SMTP_URL or SMTP_HOST/PORT/USER/PASSWORD: any provider
 * (Postmark, SendGrid, SES, Google Workspace) or the local mail catcher. Pooled, so a run over many
 * messages reuses a few connections; every wait is bounded, so a slow server fails a send (to be
 * retried) well within the outbox's claim lease and the function's time limit.
 */
import { createHash } from 'node:crypto';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { RenderedMessage } from '../../domain/mail/message';
import { readMailSettings } from '../env';
import { senderAddress } from './recipients';

export class MailUnconfiguredError extends Error {
  constructor() {
    super('SMTP_URL (or SMTP_HOST) is not set: mail cannot be sent');
    this.name = 'MailUnconfiguredError';
  }
}

const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 8_000, dnsTimeout: 3_000 };

let cached: { config: string; transporter: Transporter } | null = null;

export function getTransport(env: NodeJS.ProcessEnv = process.env): Transporter {
  const { smtp } = readMailSettings(env);
  if (!smtp) throw new MailUnconfiguredError();
  const config = JSON.stringify(smtp);
  if (cached?.config !== config) {
    cached?.transporter.close();
    const options = typeof smtp === 'string' ? { url: smtp } : smtp;
    cached = { config, transporter: nodemailer.createTransport({ ...options, pool: true, maxConnections: 5, maxMessages: Infinity, ...TIMEOUTS }) };
  }
  return cached.transporter;
}

/** Closes the pooled connections (tests; a function instance keeps them between calls). */
export function closeTransport(): void {
  cached?.transporter.close();
  cached = null;
}

/** A stable Message-ID from the idempotency key, so a receiver can tell a message it already has. */
function messageId(key: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`;
}

/**
 * What nodemailer is given for a message. Its text and HTML parts go base64-encoded: Node encodes
 * base64 natively, while nodemailer's quoted-printable encoder (its default, after scanning the text
 * to choose) is JavaScript over every character; measured, 0.6 ms against 1.2–1.5 ms to build a
 * booking's two messages. Every mail client decodes both the same.
 */
export function mailOptions(message: RenderedMessage, env: NodeJS.ProcessEnv = process.env): SendMailOptions {
  const from = senderAddress(env);
  return {
    from,
    to: message.to,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: messageId(message.key, from),
    textEncoding: 'base64',
    disableFileAccess: true,
    disableUrlAccess: true,
    attachments: (message.attachments ?? []).map((attachment) => ({ filename: attachment.filename, contentType: attachment.contentType, content: attachment.content })),
  };
}

export async function sendMessage(message: RenderedMessage, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await getTransport(env).sendMail(mailOptions(message, env));
}
