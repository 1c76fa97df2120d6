// Event quotes: store round trips of staff saving a quote of bays 1-6 on a Friday evening with its
// tentative hold (budget 1: the request read, every half hour claimed, the record and its e-mail
// queued in one script), the customer's page and "Pay deposit", and the verified webhook of the paid
// deposit (budget 2: one to claim the event, one to confirm the deposit, in which the hold becomes a
// booking, the request is confirmed, both messages are queued and the event is marked done). Mail
// sent after an answer is not counted.
import Stripe from 'stripe';
import { quoteToken } from '../../../src/features/event-requests/server/quotes';
import { nextBookableDay } from '../../../tests/support/bay-dates';
import type { ApiBenchServices } from './round-trips';
import { table } from './report';
import { ADMIN_PASSWORD, booking, request } from './requests';

const BAYS = ['bay-1', 'bay-2', 'bay-3', 'bay-4', 'bay-5', 'bay-6'];

export async function eventQuoteBudgets({ functions, bridge, emulator }: Omit<ApiBenchServices, 'redisUrl'>): Promise<void> {
  const rows: Array<Record<string, string | number>> = [];
  let failed = false;
  const measure = async (call: string, handlerName: string, make: () => Request, budget: number, budgetText: string) => {
    const handler = await functions.load(handlerName);
    const built = make();
    const before = bridge.requestCount;
    const response = await handler(built, { ip: '198.51.100.61' });
    const trips = bridge.requestCount - before;
    const ok = response.ok && trips <= budget;
    failed ||= !ok;
    rows.push({ call, status: response.status, 'round trips': trips, budget: budgetText, ok: ok ? 'yes' : 'NO' });
    await functions.settle();
    return response;
  };

  const login = await (await functions.load('admin-auth-login'))(request('/api/admin/auth/login', { body: { password: ADMIN_PASSWORD } }), { ip: '198.51.100.62' });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const sent = await (await functions.load('event-request'))(request('/api/event-booking', { body: booking(9_001) }), { ip: '198.51.100.63' });
  const { id } = (await sent.json()) as { id: string };
  await functions.settle();

  const draft = { date: nextBookableDay('Friday'), start: '18:00', end: '21:00', spaces: BAYS, guests: 40, packages: [{ id: 'front-nine', guests: 40 }], extras: [{ label: 'DJ', amountCents: 25_000 }] };
  await measure('POST /api/admin/event-quotes/{id} (bays 1-6, Friday 18:00-21:00)', 'admin-event-quotes', () => request(`/api/admin/event-quotes/${id}`, { body: draft, cookie }), 1, '1 (save + hold + e-mail queued)');
  const token = quoteToken(id);
  await measure('GET /api/event-quote/{id}/{token}', 'event-quote', () => request(`/api/event-quote/${id}/${token}`), 1, '1');
  const paid = await measure('POST /api/event-quote/{id}/{token}/pay', 'event-quote', () => request(`/api/event-quote/${id}/${token}/pay`, { body: { purpose: 'deposit' } }), 2, '2 (read, then the session and its prepared messages)');
  const sessionId = ((await paid.json()) as { url: string }).url.split('/').pop()!;

  const { events } = await emulator.completeCheckout(sessionId, { email: booking(9_001).email });
  const completed = events.find((event) => event.type === 'checkout.session.completed');
  if (!completed) throw new Error(`completing ${sessionId} sent no checkout.session.completed`);
  const payload = JSON.stringify(completed);
  await measure('POST /api/stripe-webhook (deposit paid)', 'stripe-webhook', () =>
    request('/api/stripe-webhook', { raw: payload, headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: emulator.webhookSecret }) } }),
    2, '2 (claim the event + confirm the deposit)',
  );
  const view = (await (await (await functions.load('event-quote'))(request(`/api/event-quote/${id}/${token}`), { ip: '198.51.100.61' })).json()) as { status: string };
  if (view.status !== 'confirmed') {
    failed = true;
    rows.push({ call: 'the quote after the webhook', status: view.status, 'round trips': '', budget: 'confirmed', ok: 'NO' });
  }
  if (failed) process.exitCode = 1;
  console.log('\nEvent quotes: Redis round trips per request (counted at the Upstash bridge; mail sent after the answer not counted)\n');
  table(rows);
}
