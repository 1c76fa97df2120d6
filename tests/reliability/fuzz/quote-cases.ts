// Staff's event quotes (POST /api/admin/event-quotes/:id, …/preview, …/withdraw) with a valid session:
// bad drafts for a real request (each refused with a 400 and nothing written: no quote, no hold),
// bad envelopes, and odd ids. Forged sessions, foreign origins and other methods are in auth-cases.ts.
import { QUOTE_DRAFT_MESSAGES as messages } from '../../../src/features/event-requests/contract/quote-draft';
import { INVALID_JSON, methodCases, NOT_JSON, TOO_LARGE, type Expectation, type FuzzCase } from './case';
import type { InboxContext } from './inbox-cases';

const COLLECTION = '/api/admin/event-quotes';
const MAX_BYTES = 16 * 1024;

const good = { date: '2031-12-05', start: '18:00', end: '21:00', spaces: ['bay-6'], guests: 12, packages: [], extras: [] };
const refused = (error?: string): Expectation => ({ status: [400], kind: 'error', ...(error ? { error } : {}) });

/** [what, body, expectation]: drafts the quote must refuse before anything is stored. */
function badDrafts(): Array<[string, unknown, Expectation]> {
  return [
    ['empty object', {}, refused()],
    ['negative extra line', { ...good, extras: [{ label: 'Discount', amountCents: -500 }] }, refused(messages.extra)],
    ['absurd extra line', { ...good, extras: [{ label: 'Typo', amountCents: 1e15 }] }, refused(messages.extra)],
    ['fractional cents', { ...good, extras: [{ label: 'Half', amountCents: 10.5 }] }, refused(messages.extra)],
    ['extra without a label', { ...good, extras: [{ label: '   ', amountCents: 500 }] }, refused(messages.extra)],
    ['no spaces', { ...good, spaces: [] }, refused(messages.spaces)],
    ['zero guests', { ...good, guests: 0 }, refused(messages.guests)],
    ['a million guests', { ...good, guests: 1e6 }, refused(messages.guests)],
    ['guests as text', { ...good, guests: '12' }, refused(messages.guests)],
    ['date not a date', { ...good, date: 'next friday' }, refused(messages.date)],
    ['impossible date', { ...good, date: '2031-02-30' }, refused()],
    ['time not a time', { ...good, start: '6pm' }, refused(messages.time)],
    ['outside opening hours', { ...good, start: '02:00', end: '04:00' }, refused()],
    ['end before start', { ...good, start: '21:00', end: '18:00' }, refused()],
    ['over the spaces’ capacity', { ...good, spaces: ['bunker'], guests: 21 }, refused()],
    ['unknown space', { ...good, spaces: ['bay-99'] }, refused()],
    ['space id as an object', { ...good, spaces: [{ id: 'bay-1' }] }, refused()],
    ['unknown package', { ...good, packages: [{ id: 'caviar', guests: 12 }] }, refused()],
    ['deposit override without reason', { ...good, depositOverride: { amountCents: 100 } }, refused(messages.reason)],
    ['deposit override over the total', { ...good, depositOverride: { amountCents: 99_999_999, reason: 'x' } }, refused()],
    ['in the past', { ...good, date: '2001-12-07' }, refused()],
  ];
}

export function quoteCases(context: InboxContext): FuzzCase[] {
  const headers = { cookie: context.adminCookie, origin: context.origin, 'content-type': 'application/json' };
  const cases: FuzzCase[] = [];
  for (const suffix of ['', '/preview']) {
    const path = `${COLLECTION}/${context.eventRequestId}${suffix}`;
    for (const [what, body, expect] of badDrafts()) cases.push({ category: 'event quote', label: `POST ${COLLECTION}/:id${suffix}: ${what}`, request: { method: 'POST', path, headers, body: JSON.stringify(body) }, expect });
  }
  const one = `${COLLECTION}/${context.eventRequestId}`;
  const envelopes: Array<[string, string, Record<string, string>, Expectation]> = [
    ['not JSON', '{"date":', {}, refused(INVALID_JSON)],
    ['empty body', '', {}, refused(INVALID_JSON)],
    ['JSON list', JSON.stringify([good]), {}, refused()],
    ['form-encoded', 'date=2031-12-05', { 'content-type': 'application/x-www-form-urlencoded' }, { status: [415], kind: 'error', error: NOT_JSON }],
    ['limit + 1 byte', JSON.stringify({ ...good, extras: [{ label: 'x'.repeat(MAX_BYTES), amountCents: 1 }] }), {}, { status: [413], kind: 'error', error: TOO_LARGE }],
  ];
  for (const [what, body, extra, expect] of envelopes) cases.push({ category: 'event quote', label: `POST ${COLLECTION}/:id: ${what}`, request: { method: 'POST', path: one, headers: { ...headers, ...extra }, body }, expect });
  // Withdrawing: a body that is not one, and a request that has no quote.
  cases.push(
    { category: 'event quote', label: `POST ${COLLECTION}/:id/withdraw: reason as a number`, request: { method: 'POST', path: `${one}/withdraw`, headers, body: JSON.stringify({ reason: 7 }) }, expect: refused() },
    { category: 'event quote', label: `POST ${COLLECTION}/:id/withdraw: no quote yet`, request: { method: 'POST', path: `${one}/withdraw`, headers, body: '{}' }, expect: { status: [404], kind: 'error' } },
  );
  // After confirmation: bad bodies (400), and valid ones for a request with no quote (404).
  const after: Array<[string, unknown, Expectation]> = [
    ['change', { guests: -1, packages: [], extras: [] }, refused(messages.guests)],
    ['change', { guests: 10, packages: [], extras: [{ label: 'x', amountCents: -1 }] }, refused(messages.extra)],
    ['change', { guests: 10, packages: [], extras: [] }, { status: [404], kind: 'error' }],
    ['balance', { amountCents: 0 }, refused()],
    ['balance', { amountCents: 'lots' }, refused()],
    ['balance', { amountCents: 500 }, { status: [404], kind: 'error' }],
    ['balance-link', {}, { status: [404], kind: 'error' }],
    ['cancel', { override: { refundCents: -5, reason: 'x' } }, refused(messages.refund)],
    ['cancel', { override: { refundCents: 5 } }, refused(messages.refund)],
    ['cancel', {}, { status: [404], kind: 'error' }],
  ];
  for (const [action, body, expect] of after) cases.push({ category: 'event quote', label: `POST ${COLLECTION}/:id/${action}: ${JSON.stringify(body).slice(0, 60)}`, request: { method: 'POST', path: `${one}/${action}`, headers, body: JSON.stringify(body) }, expect });
  // A valid draft for ids no request has: nothing held.
  for (const id of ['00000000-0000-0000-0000-000000000000', 'a'.repeat(65), '%00', '*']) {
    cases.push({ category: 'odd path id', label: `POST ${COLLECTION}/${id.slice(0, 40)}`, request: { method: 'POST', path: `${COLLECTION}/${id}`, headers, body: JSON.stringify(good) }, expect: { status: [404, 400], kind: 'error' } });
  }
  return cases;
}

/** The customer's link (GET /api/event-quote/:id/:token, POST …/pay): forged tokens, bad bodies, other methods. */
export function customerQuoteCases(context: InboxContext): FuzzCase[] {
  const base = `/api/event-quote/${context.eventRequestId}`;
  const json = { origin: context.origin, 'content-type': 'application/json' };
  const notFound: Expectation = { status: [404], kind: 'error' };
  const cases: FuzzCase[] = [];
  for (const token of ['x'.repeat(32), '', 'a', '%00', 'x'.repeat(500)]) {
    cases.push({ category: 'event quote link', label: `GET ${base}/${token.slice(0, 20)}`, request: { method: 'GET', path: `${base}/${token}` }, expect: token === '' ? { status: [404], kind: 'page' } : notFound });
  }
  for (const [what, body] of [['deposit', '{"purpose":"deposit"}'], ['everything', '{"purpose":"everything"}'], ['not JSON', '{'], ['a list', '[]']] as const) {
    cases.push({ category: 'event quote link', label: `POST ${base}/:forged/pay: ${what}`, request: { method: 'POST', path: `${base}/${'y'.repeat(32)}/pay`, headers: json, body }, expect: notFound });
  }
  cases.push(...methodCases('/api/event-quote/:id/:token', `${base}/${'x'.repeat(32)}`, ['GET']));
  cases.push(...methodCases('/api/event-quote/:id/:token/pay', `${base}/${'x'.repeat(32)}/pay`, ['POST']));
  return cases;
}

/** Quotes stored before the fuzz: one waiting for its deposit, one confirmed (its deposit paid), each with its link's token. */
export interface QuoteContext extends InboxContext {
  quotes: Record<'sent' | 'confirmed', { id: string; token: string; draft: unknown }>;
}

/**
 * Real quotes with their valid links: bodies the customer's "Pay" must refuse once the link checks
 * out, payments and staff actions the quote's state refuses (a balance before confirmation, a
 * deposit paid already, a confirmed event re-quoted, withdrawn, over-refunded, changed past its
 * spaces' capacity), and a token of one quote on the other. Each refused, nothing written.
 */
export function quoteStateCases(context: QuoteContext): FuzzCase[] {
  const { sent, confirmed } = context.quotes;
  const json = { origin: context.origin, 'content-type': 'application/json' };
  const staff = { ...json, cookie: context.adminCookie };
  const cases: FuzzCase[] = [];
  const pay = (quote: { id: string; token: string }) => `/api/event-quote/${quote.id}/${quote.token}/pay`;
  const payBodies: Array<[string, string, Record<string, string>, Expectation]> = [
    ['purpose everything', '{"purpose":"everything"}', {}, refused('Choose what to pay: deposit or balance.')],
    ['no purpose', '{}', {}, refused('Choose what to pay: deposit or balance.')],
    ['not JSON', '{"purpose":', {}, refused(INVALID_JSON)],
    ['empty body', '', {}, refused(INVALID_JSON)],
    ['a list', '["deposit"]', {}, refused()],
    ['form-encoded', 'purpose=deposit', { 'content-type': 'application/x-www-form-urlencoded' }, { status: [415], kind: 'error', error: NOT_JSON }],
    ['limit + 1 byte', JSON.stringify({ purpose: 'deposit', pad: 'x'.repeat(1024) }), {}, { status: [413], kind: 'error', error: TOO_LARGE }],
    ['the balance before the deposit', '{"purpose":"balance"}', {}, { status: [409], kind: 'error', error: 'There is no balance to pay on this event.' }],
  ];
  for (const [what, body, extra, expect] of payBodies) cases.push({ category: 'event quote link', label: `POST /api/event-quote/:sent/:token/pay: ${what}`, request: { method: 'POST', path: pay(sent), headers: { ...json, ...extra }, body }, expect });
  cases.push(
    { category: 'event quote link', label: 'POST /api/event-quote/:confirmed/:token/pay: the deposit again', request: { method: 'POST', path: pay(confirmed), headers: json, body: '{"purpose":"deposit"}' }, expect: { status: [409], kind: 'error', error: 'The deposit is paid: your event is confirmed.' } },
    { category: 'event quote link', label: 'GET /api/event-quote/:sent with the confirmed quote’s token', request: { method: 'GET', path: `/api/event-quote/${sent.id}/${confirmed.token}` }, expect: { status: [404], kind: 'error' } },
    { category: 'event quote link', label: 'POST /api/event-quote/:confirmed/pay with the sent quote’s token', request: { method: 'POST', path: `/api/event-quote/${confirmed.id}/${sent.token}/pay`, headers: json, body: '{"purpose":"balance"}' }, expect: { status: [404], kind: 'error' } },
  );
  const staffActions: Array<[string, string, string, unknown, Expectation]> = [
    ['sent', sent.id, '/change', { guests: 10, packages: [], extras: [] }, { status: [409], kind: 'error' }],
    ['sent', sent.id, '/balance', { amountCents: 500 }, { status: [409], kind: 'error' }],
    ['sent', sent.id, '/balance-link', {}, { status: [409], kind: 'error' }],
    ['sent', sent.id, '/cancel', {}, { status: [409], kind: 'error' }],
    ['confirmed', confirmed.id, '', confirmed.draft, { status: [409], kind: 'error', error: 'This event is confirmed: change its headcount or lines instead.' }],
    ['confirmed', confirmed.id, '/withdraw', {}, { status: [409], kind: 'error' }],
    ['confirmed', confirmed.id, '/change', { guests: 36, packages: [], extras: [] }, refused()],
    ['confirmed', confirmed.id, '/change', { guests: 10, packages: [{ id: 'caviar', guests: 10 }], extras: [] }, refused()],
    ['confirmed', confirmed.id, '/balance', { amountCents: 99_999_999 }, refused()],
    ['confirmed', confirmed.id, '/cancel', { override: { refundCents: 99_999_999, reason: 'Typo' } }, refused()],
  ];
  for (const [state, id, action, body, expect] of staffActions) {
    cases.push({ category: 'event quote', label: `POST ${COLLECTION}/:${state}${action}: ${JSON.stringify(body).slice(0, 50)}`, request: { method: 'POST', path: `${COLLECTION}/${id}${action}`, headers: staff, body: JSON.stringify(body) }, expect });
  }
  return cases;
}
