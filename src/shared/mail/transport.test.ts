import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import type { RenderedMessage } from './message';
import { foldLine } from './ics';
import { mailOptions } from './transport';

const message: RenderedMessage = {
  key: 'event-request-staff:1',
  to: ['staff@example.com'],
  replyTo: 'ann@example.com',
  subject: 'Event request: Ann’s party',
  text: 'Hi – see you at 7 ⛳\n',
  html: '<!DOCTYPE html><html><body><p>Hi – see you at 7 ⛳</p></body></html>',
  attachments: [{ filename: 'tee-time.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' }],
};

/** The leaf MIME parts of a raw message (nested multiparts included): each part's headers and body. */
function parts(raw: string): Array<{ headers: string; body: string }> {
  return raw
    .split(/\r\n--[^\r\n]+\r\n/)
    .slice(1)
    .map((part) => {
      const [headers = '', ...body] = part.split('\r\n\r\n');
      return { headers, body: body.join('\r\n\r\n').split(/\r\n--/)[0]!.trim() };
    });
}

describe('mailOptions', () => {
  it('sends the text and HTML parts base64-encoded, each decoding to exactly what was rendered, with a stable Message-ID', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const env = { MAIL_FROM: 'Verona Indoor Golf <hello@verona.example>' } as NodeJS.ProcessEnv;
    const sent = await transport.sendMail(mailOptions(message, env));
    const raw = (sent.message as Buffer).toString('utf8');
    const found = parts(raw);
    const part = (type: string) => found.find((candidate) => candidate.headers.toLowerCase().includes(`content-type: ${type}`));
    for (const [type, expected] of [['text/plain', message.text], ['text/html', message.html]] as const) {
      expect(part(type)?.headers.toLowerCase()).toContain('content-transfer-encoding: base64');
      expect(Buffer.from(part(type)!.body.replace(/\s+/g, ''), 'base64').toString('utf8')).toBe(expected);
    }
    expect(part('text/calendar')?.headers).toContain('tee-time.ics');
    expect(mailOptions(message, env).messageId).toBe(sent.messageId);
  });

  it('folds a calendar’s long lines as it sends it, leaving other attachments and folded calendars as they are', () => {
    const long = `DESCRIPTION:${'Bay 1 for 4. '.repeat(8)}`;
    const options = mailOptions({
      ...message,
      attachments: [
        { filename: 'bay.ics', contentType: 'text/calendar; charset=utf-8', content: `BEGIN:VCALENDAR\r\n${long}\r\nEND:VCALENDAR\r\n` },
        { filename: 'notes.txt', contentType: 'text/plain', content: long },
      ],
    });
    const [calendar, notes] = (options.attachments ?? []).map((attachment) => String(attachment.content));
    expect(calendar).toBe(`BEGIN:VCALENDAR\r\n${foldLine(long)}\r\nEND:VCALENDAR\r\n`);
    expect(calendar!.split('\r\n').every((line) => line.length <= 75)).toBe(true);
    expect(notes).toBe(long);
    expect(String(mailOptions({ ...message, attachments: [{ filename: 'again.ics', contentType: 'text/calendar', content: calendar! }] }).attachments?.[0]?.content)).toBe(calendar);
  });
});
