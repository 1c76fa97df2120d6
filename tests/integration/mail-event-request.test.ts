import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import eventRequest from '../../netlify/functions/event-request';
import { deliverDue } from '../../src/shared/mail/deliver';
import { runBudget } from '../../src/shared/server/run-budget';
import { CLAIM_LEASE_MS } from '../../src/shared/mail/outbox';
import { closeTransport } from '../../src/shared/mail/transport';
import { site } from '../../src/data/site';
import { apiRequest, clearStore, closedPort, restoreStoreEnv, useCountingBridge, withRedis } from './api-helpers';
import { afterAnswerContext, STAFF_TO, useMailCatcher } from './mail-helpers';
import { SAMPLE_EVENT_REQUEST } from '../support/sample-requests';

const booking = SAMPLE_EVENT_REQUEST;

const mail = useMailCatcher();

async function post(body: unknown) {
  const { context, settled } = afterAnswerContext({ ip: '198.51.100.9' });
  const response = await eventRequest(apiRequest('/api/event-booking', { body }), context);
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
    expect(await deliverDue(runBudget(), later)).toEqual({ sent: 2, failed: 0 });
    expect(await deliverDue(runBudget(), later)).toEqual({ sent: 0, failed: 0 });
    expect((await mail.catcher.messages())).toHaveLength(2);
  });

  it('claims its messages in its own write: no other run sends them meanwhile, and the scheduled run does once the lease has passed if the booking never did', async () => {
    const claimedAt = Date.now();
    const response = await eventRequest(apiRequest('/api/event-booking', { body: booking }), { ip: '198.51.100.9' });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const due = await withRedis((client) => client.zRangeWithScores('mail:queue', 0, -1));
    expect(due.map((entry) => entry.value).sort()).toEqual([`event-request-received:${id}`, `event-request-staff:${id}`]);
    for (const entry of due) expect(entry.score).toBeGreaterThanOrEqual(claimedAt + CLAIM_LEASE_MS);

    expect(await deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(await mail.catcher.messages()).toHaveLength(0);
    const leasePassed = () => Date.now() + CLAIM_LEASE_MS + 1_000;
    expect(await deliverDue(runBudget(), leasePassed)).toEqual({ sent: 2, failed: 0 });
    expect(await deliverDue(runBudget(), leasePassed)).toEqual({ sent: 0, failed: 0 });
    expect(await mail.catcher.messages()).toHaveLength(2);
  });

  it('after its answer sends its two messages once and settles them in one round trip, with no claim', async () => {
    const bridge = await useCountingBridge();
    try {
      await eventRequest(apiRequest('/api/event-booking', { body: booking }), { ip: '198.51.100.10' }); // the first call on a Redis server loads the script
      await clearStore();
      const { response, settled } = await post(booking);
      expect(response.status).toBe(201);
      const answered = bridge.requestCount;
      await settled();
      expect(bridge.requestCount - answered).toBe(1);
    } finally {
      await bridge.close();
      restoreStoreEnv();
    }
    const [queued, statuses] = await withRedis((client) => Promise.all([client.zCard('mail:queue'), client.hVals('mail:status')]));
    expect(queued).toBe(0);
    expect(statuses).toEqual(['sent', 'sent']);
    expect(await deliverDue(runBudget(), () => Date.now() + 10 * CLAIM_LEASE_MS)).toEqual({ sent: 0, failed: 0 });
    expect(await mail.catcher.messages()).toHaveLength(2);
  });
});
