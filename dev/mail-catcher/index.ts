// Local mail catcher: a real SMTP server (smtp-server) that keeps every message it accepts in memory,
// and a small web page listing them (HTML preview, text, attachments, headers) with a JSON API the
// tests read. Used by the local runtime when SMTP_URL is unset and by the tests. Never deployed.
//
//   const catcher = await startMailCatcher();
//   process.env.SMTP_URL = catcher.smtpUrl;   // the site sends here
//   fetch(`${catcher.url}/api/messages`)      // what arrived, newest first
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { closeServer, listen, serverUrl } from '../http-server';
import { startOnThread } from '../thread/index';
import { listPage, messagePage } from './pages';
import { MailStore, type CaughtMessage } from './store';

export type { CaughtMessage, CaughtAttachment } from './store';

export interface MailCatcherOptions {
  /** 0 or undefined: free ports. */
  smtpPort?: number;
  httpPort?: number;
  host?: string;
  /** Milliseconds the SMTP side waits before accepting each message (a slow provider, for the bench). */
  delayMs?: number;
}

export interface MailCatcher {
  /** The web page, e.g. http://127.0.0.1:41235. */
  url: string;
  /** What SMTP_URL is set to, e.g. smtp://127.0.0.1:41234. */
  smtpUrl: string;
  smtpPort: number;
  /** What arrived, newest first. */
  messages(): Promise<CaughtMessage[]>;
  clear(): void;
  close(): Promise<void>;
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(value));
}

function sendHtml(response: ServerResponse, html: string): void {
  // The page's own style is inline; message HTML is only ever shown in a sandboxed srcdoc frame.
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; img-src data:",
    'cache-control': 'no-store',
  });
  response.end(html);
}

async function route(store: MailStore, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const { pathname } = new URL(request.url ?? '/', 'http://catcher');
  if (pathname === '/api/messages' && request.method === 'GET') return sendJson(response, 200, await store.list());
  if (pathname === '/api/messages' && request.method === 'DELETE') {
    store.clear();
    return sendJson(response, 200, { ok: true });
  }
  if (request.method !== 'GET') return sendJson(response, 405, { error: 'Method not allowed' });
  if (pathname === '/') return sendHtml(response, listPage(await store.list()));
  const match = /^\/messages\/(\d+)(?:\/attachments\/(\d+))?$/.exec(pathname);
  const message = match ? await store.find(Number(match[1])) : undefined;
  if (!match || !message) return sendJson(response, 404, { error: 'No such message' });
  if (match[2] === undefined) return sendHtml(response, messagePage(message));
  const attachment = message.attachments[Number(match[2])];
  if (!attachment) return sendJson(response, 404, { error: 'No such attachment' });
  response.writeHead(200, {
    'content-type': attachment.contentType,
    'content-disposition': `attachment; filename="${attachment.filename.replace(/[^\w.-]/g, '_')}"`,
  });
  response.end(Buffer.from(attachment.content, 'base64'));
}

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const store = new MailStore();
  const smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'local' }),
    onData(stream, session, callback) {
      const envelopeTo = session.envelope.rcptTo.map((address) => address.address);
      store
        .add(stream, envelopeTo)
        .then(() => new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0)))
        .then(() => callback(), (error: Error) => callback(error));
    },
  });
  smtp.on('error', () => undefined);
  const smtpPort = await new Promise<number>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(options.smtpPort ?? 0, host, () => {
      const address = smtp.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  const http = createServer((request, response) => {
    route(store, request, response).catch(() => sendJson(response, 500, { error: 'The message could not be read' }));
  });
  const httpPort = await listen(http, options.httpPort ?? 0, host);
  return {
    url: serverUrl(host, httpPort),
    smtpUrl: `smtp://${host}:${smtpPort}`,
    smtpPort,
    messages: () => store.list(),
    clear: () => store.clear(),
    close: async () => {
      await Promise.all([closeServer(http), new Promise<void>((resolve) => smtp.close(() => resolve()))]);
    },
  };
}

/** The catcher's addresses when it runs on its own thread (dev/thread): its messages are read over its web API. */
export type MailCatcherAddresses = Pick<MailCatcher, 'url' | 'smtpUrl' | 'smtpPort'>;

/**
 * The mail catcher on its own thread, as the local runtime runs it: the SMTP side receives and keeps
 * messages off the functions' event loop, as a hosted SMTP server would.
 */
export async function startMailCatcherThread(options: MailCatcherOptions = {}): Promise<MailCatcherAddresses & { close(): Promise<void> }> {
  const thread = await startOnThread<MailCatcherAddresses>(new URL(import.meta.url), 'startMailCatcher', options, 'the mail catcher');
  return { ...thread.values, close: thread.close };
}
