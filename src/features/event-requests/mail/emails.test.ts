import { describe, expect, it } from 'vitest';
import { site } from '../../../data/site';
import { eventRequestMessages } from './emails';
import { renderMessage } from '../../../shared/mail/render';
import type { EventRequest } from '../record';
import { newInboxFields } from '../rules/event-requests';

const request: EventRequest = {
  ...newInboxFields(),
  id: 'req-1',
  firstName: 'Jamie',
  lastName: 'Rivera',
  phone: '608-555-0142',
  email: 'jamie@example.com',
  occasion: 'Birthday',
  partySize: 12,
  eventDate: '2025-12-05',
  startTime: '6:00 PM',
  endTime: '9:00 PM',
  additionalRequests: '',
  submittedAt: '2025-11-28T02:00:00.000Z',
};
const env = { STAFF_NOTIFY_TO: 'staff@verona.example, owner@verona.example', SITE_URL: 'https://verona.example/' };

describe('eventRequestMessages', () => {
  it('queues the staff notice and the receipt as data, rendered when sent as HTML and plain text with the venue footer', () => {
    const queued = eventRequestMessages(request, env);
    expect(queued.every((message) => 'content' in message && !('html' in message))).toBe(true);
    const [staff, receipt] = queued.map(renderMessage);
    expect(staff).toMatchObject({ key: 'event-request-staff:req-1', to: ['staff@verona.example', 'owner@verona.example'], replyTo: 'jamie@example.com' });
    expect(staff!.subject).toContain('Friday, December 5, 2025');
    expect(staff!.text).toContain('Additional requests: None');
    expect(staff!.text).toContain('Sent: Nov 27, 2025');
    expect(staff!.text).toContain('https://verona.example/admin/event-requests#request-req-1');
    expect(receipt).toMatchObject({ key: 'event-request-received:req-1', to: ['jamie@example.com'], replyTo: 'staff@verona.example' });
    for (const message of [staff!, receipt!]) {
      expect(message.html).toMatch(/^<!DOCTYPE html/i);
      expect(message.html).toContain(site.phone);
      expect(message.text).toContain(site.name);
      expect(message.text).toContain('Birthday');
      expect(message.html).not.toMatch(/<img|<script|src="http/i);
    }
    expect(receipt!.text).toContain(site.replyTime);
  });

  it('sends no receipt to an address that is not a plain address, and keeps line breaks out of the subject', () => {
    const messages = eventRequestMessages({ ...request, email: 'jamie@example.com\r\nBcc: x@evil.example', occasion: 'Party\r\nX-Evil: 1' }, env);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.replyTo).toBeUndefined();
    expect(messages[0]!.subject).not.toMatch(/[\r\n]/);
  });
});
