import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import adminMailFunction, { config as adminMailConfig } from '../../netlify/functions/admin-mail';
import eventRequest from '../../netlify/functions/event-request';
import mailOutbox from '../../netlify/functions/mail-outbox';
import { MAX_ATTEMPTS, retryDelayMs } from '../../src/shared/mail/message';
import { deliverDue } from '../../src/shared/mail/deliver';
import { runBudget } from '../../src/shared/server/run-budget';
import { closeTransport } from '../../src/shared/mail/transport';
import { routed } from '../support/function-context';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, clearStore, closedPort, withRedis } from './api-helpers';
import { afterAnswerContext, STAFF_TO, useMailCatcher } from './mail-helpers';

const adminMail = routed(adminMailFunction, adminMailConfig);
const mail = useMailCatcher();

const booking = {
  firstName: 'Jamie',
  lastName: 'Rivera',
  phone: '608-555-0142',
  email: 'jamie@example.com',
  occasion: 'Birthday',
  partySize: 8,
  eventDate: '2026-03-14',
  startTime: '6:00 PM',
  endTime: '8:00 PM',
};

async function smtpDown() {
  process.env['SMTP_URL'] = `smtp://127.0.0.1:${await closedPort()}`;
  closeTransport();
}

describe('the outbox: scheduled retries, failed messages and the staff retry', () => {
  beforeEach(async () => {
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    await clearStore();
    mail.catcher.clear();
  });
  afterEach(() => {
    process.env['SMTP_URL'] = mail.catcher.smtpUrl;
    closeTransport();
  });

  it('the scheduled function sends what is due and answers 204', async () => {
    await smtpDown();
    await eventRequest(apiRequest('/api/event-booking', { body: booking }), { ip: '198.51.100.20' });
    // The booking never sent its messages (no waitUntil) and its claim on them has run out.
    await withRedis(async (client) => client.zAdd('mail:queue', (await client.zRange('mail:queue', 0, -1)).map((value) => ({ score: 0, value })), { XX: true }));
    process.env['SMTP_URL'] = mail.catcher.smtpUrl;
    closeTransport();
    const response = await mailOutbox(new Request('http://localhost/.netlify/functions/mail-outbox', { method: 'POST', body: '{"next_run":"2026-01-01T00:05:00Z"}' }));
    expect(response.status).toBe(204);
    expect((await mail.catcher.messages())).toHaveLength(2);
  });

  it('marks a message failed after its last attempt, lists it for staff and sends it once on retry', async () => {
    await smtpDown();
    const { context, settled } = afterAnswerContext({ ip: '198.51.100.21' });
    const { id } = await (await eventRequest(apiRequest('/api/event-booking', { body: booking }), context)).json();
    await settled();
    let elapsed = 0;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      elapsed += retryDelayMs(attempt);
      const at = Date.now() + elapsed;
      expect(await deliverDue(runBudget(), () => at)).toEqual({ sent: 0, failed: 2 });
    }
    const cookie = await adminCookie();
    const listed = await (await adminMail(apiRequest('/api/admin/mail/failed', { cookie }))).json();
    expect(listed.map((item: { key: string }) => item.key).sort()).toEqual([`event-request-received:${id}`, `event-request-staff:${id}`]);
    expect(listed[0]).toMatchObject({ attempts: MAX_ATTEMPTS });
    expect(listed[0].lastError).toMatch(/ECONNREFUSED/);
    expect(await withRedis((client) => client.zCard('mail:queue'))).toBe(0);

    process.env['SMTP_URL'] = mail.catcher.smtpUrl;
    closeTransport();
    const key = `event-request-staff:${id}`;
    const retry = afterAnswerContext();
    const path = `/api/admin/mail/failed/${encodeURIComponent(key)}/retry`;
    const response = await adminMail(apiRequest(path, { method: 'POST', cookie }), retry.context);
    expect(response.status).toBe(200);
    await retry.settled();
    expect((await mail.catcher.messages()).map((message) => message.subject)).toEqual([expect.stringContaining('Event request: Birthday')]);
    expect((await adminMail(apiRequest(path, { method: 'POST', cookie }))).status).toBe(404);
    expect(await deliverDue(runBudget(), () => Date.now() + 24 * 60 * 60_000)).toEqual({ sent: 0, failed: 0 });
    expect((await mail.catcher.messages())).toHaveLength(1);
    const after = await (await adminMail(apiRequest('/api/admin/mail/failed', { cookie }))).json();
    expect(after.map((item: { key: string }) => item.key)).toEqual([`event-request-received:${id}`]);
  });

  it('sends a message queued in the earlier shape (already rendered: HTML and text, no content) as it was stored', async () => {
    const key = 'event-request-staff:earlier-shape';
    const message = { key, to: [STAFF_TO], subject: 'Event request: Birthday (stored rendered)', html: '<!DOCTYPE html><html><body><p>Stored HTML part</p></body></html>', text: 'Stored text part' };
    await withRedis(async (client) => {
      await client.set(`mail:msg:${key}`, JSON.stringify({ message, queuedAt: new Date(0).toISOString() }));
      await client.hSet('mail:status', key, 'queued');
      await client.zAdd('mail:queue', { score: 0, value: key });
    });
    expect(await deliverDue()).toEqual({ sent: 1, failed: 0 });
    const [sent] = await mail.catcher.messages();
    expect(sent).toMatchObject({ subject: message.subject, text: 'Stored text part' });
    expect(sent!.html).toContain('<p>Stored HTML part</p>');
    expect(await withRedis((client) => client.hGet('mail:status', key))).toBe('sent');
  });

  it('refuses without a staff session and answers 404 for a key that is not failed', async () => {
    expect((await adminMail(apiRequest('/api/admin/mail/failed'))).status).toBe(401);
    const cookie = await adminCookie();
    const unknown = await adminMail(apiRequest('/api/admin/mail/failed/nope/retry', { method: 'POST', cookie }));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'No failed message with that key.' });
  });
});
