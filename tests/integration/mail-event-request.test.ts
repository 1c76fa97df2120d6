import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import eventBooking from '../../netlify/functions/event-booking';
import { deliverDue } from '../../src/server/mail/deliver';
import { closeTransport } from '../../src/server/mail/transport';
import { site } from '../../src/data/site';
import { apiRequest, clearStore, closedPort, withRedis } from './api-helpers';
import { afterAnswerContext, STAFF_TO, useMailCatcher } from './mail-helpers';
import { SAMPLE_EVENT_REQUEST } from '../support/sample-requests';

const booking = SAMPLE_EVENT_REQUEST;

const mail = useMailCatcher();

async function post(body: unknown) {
  const { context, settled } = afterAnswerContext({ ip: '198.51.100.9' });
  const response = await eventBooking(apiRequest('/api/event-booking', { body }), context);
  return { response, settled };
}

describe('event request mail', () => {
  beforeEach(async () => {
    await clearStore();
    mail.catcher.clear();
  });
  afterEach(() => {
    process.env['SMTP_URL'] = mail.catcher.smtpUrl;
    closeTransport();
  });

  it('sends staff every field (reply-to the visitor, weekday, admin link) and the visitor a receipt', async () => {
    const { response, settled } = await post(booking);
    expect(response.status).toBe(201);
    const { id } = await response.json();
    await settled();

    const messages = (await mail.catcher.messages());
    expect(messages).toHaveLength(2);
    const staff = messages.find((message) => message.to.includes(STAFF_TO))!;
    expect(staff.replyTo).toEqual(['jamie@example.com']);
    expect(staff.subject).toBe('Event request: Company party, Friday, February 20, 2026, 24 guests (Jamie Rivera)');
    for (const value of ['Jamie Rivera', 'jamie@example.com', '608-555-0142', 'Company party', 'Friday, February 20, 2026', '6:00 PM', '9:00 PM', '24', 'Pizza for everyone']) {
      expect(staff.text).toContain(value);
      expect(staff.html).toContain(value);
    }
    expect(staff.text).toContain(`https://verona.example/admin/event-requests#request-${id}`);

    const receipt = messages.find((message) => message.to.includes('jamie@example.com'))!;
    expect(receipt.subject).toBe(`We received your event request – ${site.name}`);
    expect(receipt.text).toContain(site.replyTime);
    expect(receipt.text).toContain('Company party');
    expect(receipt.text).toContain(site.phone);
    for (const message of messages) {
      expect(message.html).not.toMatch(/<img|src="http/i);
      expect(message.text).toContain(site.address.street);
    }
  });

  it('keeps line breaks a visitor typed out of every header', async () => {
    const { response, settled } = await post({ ...booking, lastName: 'Rivera\r\nBcc: victim@evil.example', occasion: 'Party\nX-Injected: yes' });
    expect(response.status).toBe(201);
    await settled();
    const messages = (await mail.catcher.messages());
    expect(messages).toHaveLength(2);
    for (const message of messages) {
      expect(message.envelopeTo).not.toContain('victim@evil.example');
      expect(message.headers.map((header) => header.name.toLowerCase())).not.toContain('x-injected');
      expect(message.subject).not.toMatch(/[\r\n]/);
    }
  });

  it('stores the request and keeps its messages queued while the mail server is down; a later run sends each once', async () => {
    process.env['SMTP_URL'] = `smtp://127.0.0.1:${await closedPort()}`;
    closeTransport();
    const { response, settled } = await post(booking);
    expect(response.status).toBe(201);
    const { id } = await response.json();
    await settled();
    expect((await mail.catcher.messages())).toHaveLength(0);

    const [stored, queued, attempts] = await withRedis((client) =>
      Promise.all([client.get(`events:req:${id}`), client.zRange('mail:queue', 0, -1), client.hGetAll('mail:attempts')]),
    );
    expect(stored).not.toBeNull();
    expect(queued.sort()).toEqual([`event-request-received:${id}`, `event-request-staff:${id}`]);
    expect(Object.values(attempts)).toEqual(['1', '1']);

    process.env['SMTP_URL'] = mail.catcher.smtpUrl;
    closeTransport();
    const later = () => Date.now() + 10 * 60_000;
    expect(await deliverDue(5_000, later)).toEqual({ sent: 2, failed: 0 });
    expect(await deliverDue(5_000, later)).toEqual({ sent: 0, failed: 0 });
    expect((await mail.catcher.messages())).toHaveLength(2);
  });
});
