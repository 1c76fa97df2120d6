import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import register from '../../netlify/functions/league-registration-multi';
import stripeWebhook from '../../netlify/functions/stripe-webhook';
import { league } from '../../src/features/league/catalogue';
import { site } from '../../src/data/site';
import { deliverDue } from '../../src/shared/mail/deliver';
import { runBudget } from '../../src/shared/server/run-budget';
import { apiRequest, clearStore, restoreStoreEnv } from './api-helpers';
import { afterAnswerContext, STAFF_TO, useMailCatcher } from './mail-helpers';
import { checkoutEvent, signedWebhook, startPaymentsHarness, type PaymentsHarness } from './payments-harness';
import { sandTrappersEntry } from '../support/sample-requests';

const entry = sandTrappersEntry;

const mail = useMailCatcher();
let payments: PaymentsHarness;

/** Sends a signed event to the webhook as Stripe would, and awaits what it leaves for after its answer. */
async function deliver(event: Record<string, unknown>): Promise<number> {
  const { context, settled } = afterAnswerContext();
  const response = await stripeWebhook(signedWebhook(event, payments.emulator.webhookSecret), context);
  await settled();
  return response.status;
}

const membershipEvent = (type: string, object: Record<string, unknown>) => ({ ...checkoutEvent(type, 'unused'), data: { object } });

describe('payment mail', () => {
  beforeAll(async () => {
    payments = await startPaymentsHarness();
  });
  afterAll(async () => payments.close());
  beforeEach(async () => {
    payments.useEnv();
    restoreStoreEnv();
    await clearStore();
    mail.catcher.clear();
  });

  it('confirms a paid league registration to each player with the sessions, tee time, amount and an .ics; staff get a notice; replays send nothing new', async () => {
    const response = await register(apiRequest('/api/league-registration-multi', { body: { sessionRegistrations: [entry('fall'), entry('spring')] } }));
    const { checkoutUrl } = await response.json();
    const sessionId = String(checkoutUrl).split('/').at(-1)!;
    const { events } = await payments.emulator.completeCheckout(sessionId, { email: 'ann@example.com', name: 'Ann Lee' });
    // The harness's receiver offers no waitUntil: the messages wait in the outbox for the scheduled run.
    expect(await deliverDue()).toEqual({ sent: 3, failed: 0 });

    const messages = (await mail.catcher.messages());
    expect(messages.map((message) => message.to[0]).sort()).toEqual(['ann@example.com', 'bo@example.com', STAFF_TO]);
    const ann = messages.find((message) => message.to[0] === 'ann@example.com')!;
    expect(ann.subject).toBe(`Your league registration is confirmed – ${site.name}`);
    const [fall, spring] = [league.sessions.find((s) => s.id === 'fall')!, league.sessions.find((s) => s.id === 'spring')!];
    for (const value of ['Sand Trappers', fall.name, fall.dates, fall.practiceDates, spring.name, spring.dates, spring.practiceDates, 'Monday 6:00 PM', '$1,400.00', 'Monday, September 29, 2025']) {
      expect(ann.text).toContain(value);
    }
    expect(ann.attachments).toHaveLength(1);
    const ics = Buffer.from(ann.attachments[0]!.content, 'base64').toString('utf8');
    expect(ann.attachments[0]!.contentType).toBe('text/calendar');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain('DTSTART;TZID=America/Chicago:20250929T180000');
    expect(ics).toContain('DTSTART;TZID=America/Chicago:20260216T180000');
    expect(ics).toContain('RRULE:FREQ=WEEKLY;COUNT=8');
    const staff = messages.find((message) => message.to[0] === STAFF_TO)!;
    expect(staff.subject).toBe('League registration paid: Sand Trappers');
    expect(staff.text).toContain('ann@example.com');

    // Stripe delivering the same event again, and another event about the same paid session.
    await payments.emulator.resendEvent(events[0]!.id);
    expect(await deliver(checkoutEvent('checkout.session.completed', sessionId))).toBe(200);
    expect(await deliverDue(runBudget(), () => Date.now() + 24 * 60 * 60_000)).toEqual({ sent: 0, failed: 0 });
    expect((await mail.catcher.messages())).toHaveLength(3);
  });

  it('tells staff when a membership starts, a renewal payment fails and it is cancelled; once per subscription or invoice', async () => {
    const subscription = { id: 'sub_mail_1', object: 'subscription', customer: 'cus_unknown', status: 'active', metadata: { membershipTier: 'eagle', billingTerm: '12-month' } };
    const invoice = { id: 'in_mail_1', object: 'invoice', customer: 'cus_unknown', customer_email: 'member@example.com', customer_name: 'Casey Member', amount_due: 9900, attempt_count: 2 };
    expect(await deliver(membershipEvent('customer.subscription.created', subscription))).toBe(200);
    expect(await deliver(membershipEvent('invoice.payment_failed', invoice))).toBe(200);
    expect(await deliver(membershipEvent('customer.subscription.deleted', { ...subscription, status: 'canceled' }))).toBe(200);
    expect(await deliver(membershipEvent('customer.subscription.created', subscription))).toBe(200);
    expect(await deliver(membershipEvent('customer.subscription.updated', subscription))).toBe(200);

    const subjects = (await mail.catcher.messages()).map((message) => message.subject).sort();
    expect(subjects).toEqual(['Membership cancelled: cus_unknown', 'Membership renewal payment failed: Casey Member <member@example.com>', 'Membership started: cus_unknown']);
    const failed = (await mail.catcher.messages()).find((message) => message.subject.startsWith('Membership renewal'))!;
    expect(failed.to).toEqual([STAFF_TO]);
    expect(failed.text).toContain('$99.00');
    expect((await mail.catcher.messages()).find((message) => message.subject.startsWith('Membership started'))!.text).toContain('eagle, 12-month');
  });
});
