// The mail catcher as the local runtime runs it: on its own thread, read over its web API.
import { createConnection } from 'node:net';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { startMailCatcherThread, type CaughtMessage } from './index';

// Each start loads a worker with its own TypeScript loader: seconds on a busy machine.
describe('mail catcher on its own thread', { timeout: 30_000 }, () => {
  it('accepts SMTP on the thread, lists what arrived on its web API, and frees both ports when closed', async () => {
    const catcher = await startMailCatcherThread();
    try {
      const transport = nodemailer.createTransport({ url: catcher.smtpUrl });
      await transport.sendMail({ from: 'venue@example.com', to: 'guest@example.com', subject: 'Tee time ⛳', text: 'See you at 7.' });
      transport.close();
      const messages = (await (await fetch(`${catcher.url}/api/messages`)).json()) as CaughtMessage[];
      expect(messages.map((message) => [message.subject, message.to, message.text.trim()])).toEqual([['Tee time ⛳', ['guest@example.com'], 'See you at 7.']]);
    } finally {
      await catcher.close();
    }
    await expect(fetch(`${catcher.url}/api/messages`)).rejects.toThrow();
    const smtpRefused = await new Promise<boolean>((resolve) => {
      const socket = createConnection(catcher.smtpPort, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(false)));
      socket.once('error', () => resolve(true));
    });
    expect(smtpRefused).toBe(true);
  });

  it('fails to start with a clear error when its port is taken', async () => {
    const first = await startMailCatcherThread();
    try {
      await expect(startMailCatcherThread({ smtpPort: first.smtpPort })).rejects.toThrow(/the mail catcher did not start: .*EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});
