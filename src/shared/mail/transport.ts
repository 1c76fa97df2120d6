/**
 * The SMTP connection (nodemailer), from SMTP_URL or SMTP_HOST/PORT/USER/PASSWORD: any provider
 * (Postmark, SendGrid, SES, Google Workspace) or the local mail catcher. Pooled, so a run over many
 * messages reuses a few connections. Every wait is bounded: connecting, the greeting and each reply
 * by the socket timeouts, and a whole send by CALL_TIMEOUT_MS (its signal closes the connection), so a
 * slow or stalling server fails a send (to be retried) well within the outbox's claim lease and the
 * function's time limit.
 */
import { createHash } from 'node:crypto';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { foldCalendar } from './ics';
import type { RenderedMessage } from './message';
import { readMailSettings } from '../server/env';
import { CALL_TIMEOUT_MS } from '../server/run-budget';
import { senderAddress } from './recipients';
import { ANSWER_SMTP_CONNECTIONS } from './pool';

export class MailUnconfiguredError extends Error {
  constructor() {
    super('SMTP_URL (or SMTP_HOST) is not set: mail cannot be sent');
    this.name = 'MailUnconfiguredError';
  }
}

const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: CALL_TIMEOUT_MS, dnsTimeout: 3_000 };

/** One pool per server settings and size (a function instance keeps its pools between calls). */
const pools = new Map<string, Transporter>();

export function getTransport(env: NodeJS.ProcessEnv = process.env, connections: number = ANSWER_SMTP_CONNECTIONS): Transporter {
  const { smtp } = readMailSettings(env);
  if (!smtp) throw new MailUnconfiguredError();
  const config = JSON.stringify(smtp);
  const key = `${connections} ${config}`;
  let transporter = pools.get(key);
  if (!transporter) {
    // Settings that changed (between tests) leave their old pools unused: close them.
    for (const [other, pool] of pools) {
      if (other.endsWith(` ${config}`)) continue;
      pools.delete(other);
      pool.close();
    }
    const options = typeof smtp === 'string' ? { url: smtp } : smtp;
    transporter = nodemailer.createTransport({ ...options, pool: true, maxConnections: connections, maxMessages: Infinity, ...TIMEOUTS });
    pools.set(key, transporter);
  }
  return transporter;
}

/** Closes the pooled connections (tests; a function instance keeps them between calls). */
export function closeTransport(): void {
  for (const pool of pools.values()) pool.close();
  pools.clear();
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
    // A calendar is folded here (RFC 5545 lines of 75 octets): a message may keep its lines whole until
    // it is sent, so that a script can fill a mark in them (a hold's bay); folded lines stay as they are.
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.contentType.startsWith('text/calendar') ? foldCalendar(attachment.content) : attachment.content,
    })),
  };
}

/**
 * Sends one message over the pool of `connections`; it fails (its connection closed) when the whole
 * exchange takes longer than CALL_TIMEOUT_MS.
 */
export async function sendMessage(message: RenderedMessage, connections: number = ANSWER_SMTP_CONNECTIONS, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await getTransport(env, connections).sendMail({ ...mailOptions(message, env), signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
}
