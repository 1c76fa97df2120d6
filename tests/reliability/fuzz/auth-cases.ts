// Admin endpoints without a valid session: no cookie, forged tokens (alg none, another key, another
// algorithm), expired and not-yet-valid tokens signed with the real key, wrong claims, a real token
// with its payload or signature tampered with; and state-changing calls from another origin, even
// with a valid session. Every one is refused before anything is read or changed.
import { createHmac } from 'node:crypto';
import { giftCards } from '../../../src/features/gift-cards/catalogue';
import { prizeAmountRule } from '../../../src/features/gift-cards/rules/prize';
import { RANGE_MESSAGES } from '../../../src/features/reports/rules/range';
import { FOREIGN_ORIGIN, methodCases, NOT_SIGNED_IN, type FuzzCase, type FuzzContext } from './case';

export interface AuthContext extends FuzzContext {
  /** ADMIN_JWT_SECRET of the running site (the suite configures it). */
  jwtSecret: string;
  /** A real session token, from a real login. */
  realToken: string;
  /** An existing league registration id: a request that slipped through would delete it. */
  registrationId: string;
  /** An existing event request id: a change that slipped through would alter it. */
  eventRequestId: string;
}

const COOKIE = 'admin_session';
const ISSUER = 'venue-site';
const AUDIENCE = 'venue-admin';

const b64 = (value: string | Uint8Array) => Buffer.from(value).toString('base64url');
const json64 = (value: unknown) => b64(JSON.stringify(value));
const now = () => Math.floor(Date.now() / 1000);

const HASHES: Record<string, string> = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' };

/** A JWT signed with HMAC (the algorithm named in the header), claims as the site issues them unless changed. */
function sign(
  secret: string | Uint8Array,
  options: { alg?: string; claims?: Record<string, unknown>; header?: Record<string, unknown> } = {},
): string {
  const alg = options.alg ?? 'HS256';
  const header = json64({ alg, typ: 'JWT', ...options.header });
  const payload = json64({ role: 'admin', sub: 'admin', iss: ISSUER, aud: AUDIENCE, iat: now(), exp: now() + 3600, ...options.claims });
  const signature = createHmac(HASHES[alg] ?? 'sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** Flips one character in the middle of a base64url text (so the decoded bytes change). */
function flip(text: string): string {
  const index = Math.floor(text.length / 2);
  const replacement = text[index] === 'A' ? 'B' : 'A';
  return `${text.slice(0, index)}${replacement}${text.slice(index + 1)}`;
}

/** [what, Cookie header (null: none), other headers]. */
export function forgedSessions(context: AuthContext): Array<[string, string | null, Record<string, string>?]> {
  const secret = context.jwtSecret;
  const [header, payload, signature] = context.realToken.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const tampered = (change: Record<string, unknown>) => `${header}.${json64({ ...claims, ...change })}.${signature}`;
  const unsigned = (alg: string) => `${json64({ alg, typ: 'JWT' })}.${json64({ ...claims, exp: now() + 3600 })}.`;
  const cookie = (token: string) => `${COOKIE}=${token}`;
  return [
    ['no cookie', null],
    ['empty session cookie', `${COOKIE}=`],
    ['garbage token', cookie('not-a-token')],
    ['three empty parts', cookie('..')],
    ['a.b.c', cookie('a.b.c')],
    ['alg none', cookie(unsigned('none'))],
    ['alg None', cookie(unsigned('None'))],
    ['alg none with the real signature', cookie(`${unsigned('none')}${signature}`)],
    ['alg none claiming HS256 in payload', cookie(`${json64({ alg: 'none' })}.${payload}.`)],
    ['HS256 with another secret', cookie(sign('another-secret-that-is-long-enough-0123456789'))],
    ['HS256 with an empty-looking secret', cookie(sign(new Uint8Array(32)))],
    ['HS256 with the secret reversed', cookie(sign([...secret].reverse().join('')))],
    ['HS512 with the real secret', cookie(sign(secret, { alg: 'HS512' }))],
    ['HS384 with the real secret', cookie(sign(secret, { alg: 'HS384' }))],
    ['expired a minute ago (real secret)', cookie(sign(secret, { claims: { iat: now() - 7260, exp: now() - 60 } }))],
    ['expired in 1970 (real secret)', cookie(sign(secret, { claims: { iat: 0, exp: 1 } }))],
    ['no expiry at all (real secret)', cookie(sign(secret, { claims: { exp: undefined } }))],
    ['no issue time (real secret)', cookie(sign(secret, { claims: { iat: undefined } }))],
    ['issued 3 hours ago, expiring later (real secret)', cookie(sign(secret, { claims: { iat: now() - 3 * 3600, exp: now() + 3600 } }))],
    ['not valid before next hour (real secret)', cookie(sign(secret, { claims: { nbf: now() + 3600 } }))],
    ['another issuer (real secret)', cookie(sign(secret, { claims: { iss: 'evil' } }))],
    ['another audience (real secret)', cookie(sign(secret, { claims: { aud: 'venue-public' } }))],
    ['role user (real secret)', cookie(sign(secret, { claims: { role: 'user' } }))],
    ['role ADMIN (real secret)', cookie(sign(secret, { claims: { role: 'ADMIN' } }))],
    ['role as a list (real secret)', cookie(sign(secret, { claims: { role: ['admin'] } }))],
    ['unknown critical header (real secret)', cookie(sign(secret, { header: { crit: ['exp-ext'], 'exp-ext': true } }))],
    ['real token, expiry moved a year on', cookie(tampered({ exp: now() + 365 * 24 * 3600 }))],
    ['real token, issuer changed', cookie(tampered({ iss: 'evil' }))],
    ['real token, a character of the signature flipped', cookie(`${header}.${payload}.${flip(signature)}`)],
    ['real token, signature removed', cookie(`${header}.${payload}.`)],
    ['real token, last 5 characters cut', cookie(context.realToken.slice(0, -5))],
    ['real token with a fourth part', cookie(`${context.realToken}.x`)],
    ['real token, header says alg none', cookie(`${json64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`)],
    ['real token under another cookie name', `${COOKIE}x=${context.realToken}`],
    ['real token under an upper-case name', `Admin_Session=${context.realToken}`],
    ['garbage session cookie before the real one', `${COOKIE}=garbage; ${COOKIE}=${context.realToken}`],
    ['real token with RTL override inserted', cookie(`${header}.\u202E${payload}.${signature}`.replace(/[^\x20-\x7e]/g, '%E2%80%AE'))],
    ['8 KB cookie', cookie('x'.repeat(8 * 1024))],
    ['real token as a Bearer header, no cookie', null, { authorization: `Bearer ${context.realToken}` }],
  ];
}

/** A gift card id no card has: a change that slipped through would answer 404, not the guard's refusal. */
const NO_CARD = '00000000-0000-4000-8000-000000000000';

interface AdminTarget {
  method: string;
  path: string;
  /** State-changing: the Origin check comes first. */
  changes: boolean;
}

/** A change sent with a forged session or from elsewhere carries a valid body: the guard alone must refuse it. */
const validChange = (target: AdminTarget) => {
  if (target.method === 'PATCH') return JSON.stringify({ status: 'archived', notes: 'slipped through' });
  return target.path === PRIZES_PATH ? JSON.stringify(PRIZE) : undefined;
};

const PRIZES_PATH = '/api/admin/league-play/prizes';
const PRIZE_AMOUNT = prizeAmountRule(giftCards);
/** A prize as staff give it: a request that slipped through would issue a gift card if week 1 had a winner. */
const PRIZE = { sessionId: 'winter', week: 1, awardId: 'closest-to-pin', amount: 25 };

function adminTargets(context: AuthContext): AdminTarget[] {
  return [
    { method: 'GET', path: '/api/admin/auth/verify', changes: false },
    { method: 'GET', path: '/api/admin/data-export', changes: false },
    { method: 'GET', path: '/api/admin/database-stats', changes: false },
    { method: 'GET', path: '/api/admin/event-bookings', changes: false },
    { method: 'GET', path: '/api/admin/event-quotes', changes: false },
    { method: 'GET', path: '/api/admin/league-registrations', changes: false },
    { method: 'GET', path: '/api/admin/members', changes: false },
    { method: 'GET', path: '/api/admin/mail/failed', changes: false },
    { method: 'GET', path: '/api/admin/bay-bookings', changes: false },
    { method: 'GET', path: '/api/admin/bay-bookings/day/2026-12-04', changes: false },
    { method: 'GET', path: '/api/admin/bay-bookings/search/robin', changes: false },
    { method: 'GET', path: '/api/admin/reports', changes: false },
    { method: 'GET', path: '/api/admin/reports/range/this-year', changes: false },
    { method: 'GET', path: '/api/admin/reports/dates/2026-11-01/2026-11-30', changes: false },
    { method: 'POST', path: '/api/admin/bay-bookings', changes: true },
    { method: 'POST', path: '/api/admin/bay-bookings/cancel/00000000-0000-4000-8000-000000000000', changes: true },
    { method: 'POST', path: '/api/admin/bay-bookings/move/00000000-0000-4000-8000-000000000000', changes: true },
    { method: 'GET', path: '/api/admin/bay-bookings/refunds/failed', changes: false },
    { method: 'POST', path: '/api/admin/bay-bookings/refunds/00000000-0000-4000-8000-000000000000/retry', changes: true },
    { method: 'DELETE', path: '/api/admin/league-registrations', changes: true },
    { method: 'POST', path: '/api/admin/mail/failed/event-request-staff%3Aunknown/retry', changes: true },
    { method: 'DELETE', path: `/api/admin/league-registrations/${context.registrationId}`, changes: true },
    { method: 'PATCH', path: `/api/admin/event-bookings/${context.eventRequestId}`, changes: true },
    { method: 'GET', path: '/api/admin/league-play/sessions/winter', changes: false },
    { method: 'POST', path: '/api/admin/league-play', changes: true },
    { method: 'POST', path: '/api/admin/league-play/playoffs', changes: true },
    { method: 'POST', path: PRIZES_PATH, changes: true },
    { method: 'GET', path: '/api/admin/gift-cards', changes: false },
    { method: 'GET', path: '/api/admin/gift-cards/search/robin', changes: false },
    { method: 'GET', path: `/api/admin/gift-cards/card/${NO_CARD}`, changes: false },
    { method: 'POST', path: '/api/admin/gift-cards/lookup', changes: true },
    { method: 'POST', path: `/api/admin/gift-cards/card/${NO_CARD}`, changes: true },
    { method: 'POST', path: `/api/admin/event-quotes/${context.eventRequestId}`, changes: true },
    { method: 'POST', path: `/api/admin/event-quotes/${context.eventRequestId}/preview`, changes: true },
    { method: 'POST', path: `/api/admin/event-quotes/${context.eventRequestId}/withdraw`, changes: true },
    { method: 'POST', path: `/api/admin/event-quotes/${context.eventRequestId}/change`, changes: true },
    { method: 'POST', path: `/api/admin/event-quotes/${context.eventRequestId}/balance`, changes: true },
    { method: 'POST', path: `/api/admin/event-quotes/${context.eventRequestId}/balance-link`, changes: true },
    { method: 'POST', path: `/api/admin/event-quotes/${context.eventRequestId}/cancel`, changes: true },
  ];
}

export function authCases(context: AuthContext): FuzzCase[] {
  // Control: a token made by this file's signer with the real secret is accepted, so the refusals
  // below are about what was forged, not about how it was made.
  const cases: FuzzCase[] = [
    {
      category: 'control',
      label: 'GET /api/admin/auth/verify with a token signed here with the real secret',
      request: { method: 'GET', path: '/api/admin/auth/verify', headers: { cookie: `${COOKIE}=${sign(context.jwtSecret)}` } },
      expect: { status: [200], kind: 'json', body: { ok: true } },
    },
  ];
  const sessions = forgedSessions(context);
  for (const target of adminTargets(context)) {
    for (const [what, cookie, extra] of sessions) {
      const headers: Record<string, string> = { ...extra };
      if (cookie !== null) headers['cookie'] = cookie;
      if (target.changes) headers['origin'] = context.origin;
      const body = validChange(target);
      if (body) headers['content-type'] = 'application/json';
      cases.push({
        category: 'forged session',
        label: `${target.method} ${target.path}: ${what}`,
        request: { method: target.method, path: target.path, headers, ...(body ? { body } : {}) },
        expect: { status: [401], kind: 'error', error: NOT_SIGNED_IN },
      });
    }
  }

  // State-changing admin calls from anywhere but the site, even with a valid session.
  const foreign = [null, 'https://evil.example', 'null', context.origin.replace(/:(\d+)$/, (_, port: string) => `:${Number(port) + 1}`), `${context.origin}/`, context.origin.replace('http:', 'https:'), `${context.origin}.evil.example`];
  const valid = `${COOKIE}=${context.realToken}`;
  for (const origin of foreign) {
    const from = origin ?? 'no Origin';
    const headers = (cookie: string | null): Record<string, string> => ({ ...(origin !== null ? { origin } : {}), ...(cookie ? { cookie } : {}) });
    for (const target of adminTargets(context).filter((candidate) => candidate.changes)) {
      const body = validChange(target);
      const request = (cookie: string | null) => ({ method: target.method, path: target.path, headers: { ...headers(cookie), ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body } : {}) });
      cases.push({ category: 'foreign origin', label: `${target.method} ${target.path} from ${from} with a valid session`, request: request(valid), expect: { status: [403], kind: 'error', error: FOREIGN_ORIGIN } });
      cases.push({ category: 'foreign origin', label: `${target.method} ${target.path} from ${from} without a session`, request: request(null), expect: { status: [403], kind: 'error', error: FOREIGN_ORIGIN } });
    }
    cases.push({ category: 'foreign origin', label: `POST /api/admin/auth/logout from ${from}`, request: { method: 'POST', path: '/api/admin/auth/logout', headers: headers(valid) }, expect: { status: [403], kind: 'error', error: FOREIGN_ORIGIN } });
  }

  // Other methods on every admin endpoint (refused before the session is looked at).
  for (const path of ['/api/admin/auth/verify', '/api/admin/data-export', '/api/admin/database-stats', '/api/admin/event-bookings', '/api/admin/members']) {
    cases.push(...methodCases(path, path, ['GET'], { headers: { origin: context.origin, cookie: valid } }));
  }
  cases.push(...methodCases('/api/admin/auth/logout', '/api/admin/auth/logout', ['POST'], { headers: { origin: context.origin } }));
  cases.push(...methodCases('/api/admin/league-registrations', '/api/admin/league-registrations', ['GET', 'DELETE'], { headers: { origin: context.origin, cookie: valid } }));
  cases.push(...methodCases('/api/admin/mail/failed', '/api/admin/mail/failed', ['GET', 'POST'], { headers: { origin: context.origin, cookie: valid } }));
  cases.push(...methodCases('/api/admin/bay-bookings', '/api/admin/bay-bookings', ['GET', 'POST'], { headers: { origin: context.origin, cookie: valid } }));
  cases.push(...methodCases('/api/admin/bay-bookings/day/:date', '/api/admin/bay-bookings/day/2026-12-04', ['GET'], { headers: { origin: context.origin, cookie: valid } }));
  cases.push(...methodCases('/api/admin/bay-bookings/cancel/:id', '/api/admin/bay-bookings/cancel/00000000-0000-4000-8000-000000000000', ['POST'], { headers: { origin: context.origin, cookie: valid } }));
  cases.push(...methodCases('/api/admin/bay-bookings/move/:moveId', '/api/admin/bay-bookings/move/00000000-0000-4000-8000-000000000000', ['POST'], { headers: { origin: context.origin, cookie: valid } }));
  cases.push(...methodCases('/api/admin/bay-bookings/refunds/failed', '/api/admin/bay-bookings/refunds/failed', ['GET'], { headers: { origin: context.origin, cookie: valid } }));
  cases.push(...methodCases('/api/admin/bay-bookings/refunds/:refundId/retry', '/api/admin/bay-bookings/refunds/00000000-0000-4000-8000-000000000000/retry', ['POST'], { headers: { origin: context.origin, cookie: valid } }));
  cases.push(...methodCases('/api/admin/mail/failed/:key/retry', '/api/admin/mail/failed/unknown/retry', ['GET', 'POST'], { headers: { origin: context.origin, cookie: valid } }));
  cases.push(...methodCases('/api/admin/reports', '/api/admin/reports', ['GET'], { headers: { origin: context.origin, cookie: valid } }));
  cases.push(...methodCases('/api/admin/reports/dates/:from/:to', '/api/admin/reports/dates/2026-11-01/2026-11-30', ['GET'], { headers: { origin: context.origin, cookie: valid } }));
  // A report range that is not one: the right message, nothing read.
  for (const [path, error] of [
    ['/api/admin/reports/dates/2026-11-30/2026-11-01', RANGE_MESSAGES.order],
    ['/api/admin/reports/dates/2020-01-01/2026-01-01', RANGE_MESSAGES.length],
    ['/api/admin/reports/dates/2026-02-30/2026-03-01', RANGE_MESSAGES.date],
    ['/api/admin/reports/dates/yesterday/today', RANGE_MESSAGES.date],
    ['/api/admin/reports/dates/2026-11-01/%E0%A4%A', null],
    ['/api/admin/reports/range/forever', RANGE_MESSAGES.preset],
  ] as const) {
    cases.push({ category: 'bad range', label: `GET ${path}`, request: { method: 'GET', path, headers: { cookie: valid } }, expect: { status: [400], kind: 'error', ...(error ? { error } : {}) } });
  }
  cases.push(...methodCases('/api/admin/league-play', '/api/admin/league-play', ['POST'], { headers: { origin: context.origin, cookie: valid } }));
  cases.push(...methodCases('/api/admin/league-play/sessions/:session', '/api/admin/league-play/sessions/winter', ['GET'], { headers: { origin: context.origin, cookie: valid } }));
  cases.push(...methodCases('/api/admin/league-play/playoffs', '/api/admin/league-play/playoffs', ['POST'], { headers: { origin: context.origin, cookie: valid } }));
  cases.push(...methodCases(PRIZES_PATH, PRIZES_PATH, ['POST'], { headers: { origin: context.origin, cookie: valid } }));
  // A prize that is not one, with a valid session: 400 naming the first wrong field, no card issued.
  for (const [change, error] of [
    [{ amount: 9 }, PRIZE_AMOUNT],
    [{ amount: 100_000 }, PRIZE_AMOUNT],
    [{ amount: 25.5 }, PRIZE_AMOUNT],
    [{ awardId: 'hole-in-one' }, 'Choose one of the weekly awards'],
    [{ week: 0 }, null],
    [{ sessionId: 'summer' }, 'Choose a league session'],
    [{ amount: '25' }, null],
  ] as const) {
    const body = JSON.stringify({ ...PRIZE, ...change });
    cases.push({ category: 'bad prize', label: `POST ${PRIZES_PATH} ${body}`, request: { method: 'POST', path: PRIZES_PATH, headers: { origin: context.origin, cookie: valid, 'content-type': 'application/json' }, body }, expect: { status: [400], kind: 'error', ...(error ? { error } : {}) } });
  }
  cases.push(...methodCases('/api/admin/gift-cards', '/api/admin/gift-cards', ['GET'], { headers: { origin: context.origin, cookie: valid } }));
  cases.push(...methodCases('/api/admin/gift-cards/lookup', '/api/admin/gift-cards/lookup', ['POST'], { headers: { origin: context.origin, cookie: valid } }));
  cases.push(...methodCases('/api/admin/gift-cards/card/:id', `/api/admin/gift-cards/card/${NO_CARD}`, ['GET', 'POST'], { headers: { origin: context.origin, cookie: valid } }));
  const onePath = `/api/admin/league-registrations/${context.registrationId}`;
  cases.push(...methodCases('/api/admin/league-registrations/:id', onePath, ['DELETE'], { headers: { origin: context.origin, cookie: valid } }));
  cases.push(...methodCases('/api/admin/event-bookings/:id', `/api/admin/event-bookings/${context.eventRequestId}`, ['PATCH'], { headers: { origin: context.origin, cookie: valid } }));
  cases.push(...methodCases('/api/admin/event-quotes', '/api/admin/event-quotes', ['GET'], { headers: { origin: context.origin, cookie: valid } }));
  for (const action of ['', '/preview', '/withdraw', '/change', '/balance', '/balance-link', '/cancel']) {
    cases.push(...methodCases(`/api/admin/event-quotes/:id${action}`, `/api/admin/event-quotes/${context.eventRequestId}${action}`, ['POST'], { headers: { origin: context.origin, cookie: valid } }));
  }
  return cases;
}
