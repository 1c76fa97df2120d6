// Odd ids in paths: traversal, NUL, bad or overlong percent-encoding, unicode, 10 KB ids, extra
// segments; and the methods the read-only endpoints refuse.
import { MALFORMED_ADDRESS } from '../../../src/shared/server/request';
import { SIGN_IN_OUTCOMES } from '../../../src/features/memberships/contract/member-sign-in-texts';
import { methodCases, type FuzzCase, type FuzzContext } from './case';

const NOT_FOUND_SESSION = 'Checkout session not found.';
const INVALID_SESSION = 'Invalid checkout session id.';
const NOT_FOUND_REGISTRATION = 'Registration not found.';
const NO_FAILED_MESSAGE = 'No failed message with that key.';

/** The path a client and the runtime end up at (dot segments resolved, as URL parsing does). */
export const resolvedPath = (path: string) => new URL(path, 'http://localhost').pathname;

/**
 * Segments after /api/checkout-session/ and what they get: 'invalid' (400), 'unknown' (404 JSON),
 * 'page' (no function: the 404 page), 'malformed' (percent-encoding that cannot be decoded: 400).
 */
const CHECKOUT_IDS: ReadonlyArray<[string, 'invalid' | 'unknown' | 'page' | 'malformed']> = [
  ['..%2F..%2Fetc%2Fpasswd', 'invalid'],
  ['%2e%2e%2fadmin', 'invalid'],
  ['%2e%2e', 'page'],
  ['.', 'page'],
  ['a'.repeat(10_000), 'invalid'],
  [`cs_${'a'.repeat(10_000)}`, 'invalid'],
  [`cs_${'a'.repeat(250)}`, 'unknown'],
  ['cs_test_doesnotexist', 'unknown'],
  ['cs_', 'invalid'],
  ['CS_TEST_UPPER', 'invalid'],
  ['%00', 'invalid'],
  ['cs_abc%00', 'invalid'],
  ['%E2%80%AEcs_abc', 'invalid'],
  ['%F0%9F%98%80', 'invalid'],
  ['cs_%CC%81', 'invalid'],
  ['%ZZ', 'malformed'],
  ['%C0%AF', 'malformed'],
  ['%', 'malformed'],
  ['cs_x%2Fy', 'invalid'],
  ['cs_abc%20', 'invalid'],
  ['%20', 'invalid'],
  ['cs_abc;rm', 'invalid'],
  ['cs_abc%0d%0aSet-Cookie:%20x=1', 'invalid'],
  ['cs_abc?x=%00&y=..%2F', 'unknown'],
  ['cs_abc/extra', 'page'],
  ['cs_abc/', 'page'],
  ['%C4%B0', 'invalid'],
  ['cs_%E2%80%8Babc', 'invalid'],
  ['cs_test%5B%5D', 'invalid'],
  ['%7B%22%24ne%22%3Anull%7D', 'invalid'],
];

/** Segments after /api/admin/league-registrations/ (DELETE with a valid session): 'missing' (404 JSON), 'page' or 'malformed'. */
const REGISTRATION_IDS: ReadonlyArray<[string, 'missing' | 'page' | 'malformed']> = [
  ['..%2F..%2Fetc', 'missing'],
  ['%2e%2e', 'page'],
  ['.', 'page'],
  ['x%2F..', 'missing'],
  ['a'.repeat(10_000), 'missing'],
  ['unknown-id-0000', 'missing'],
  ['%00', 'missing'],
  ['abc%00', 'missing'],
  ['%E2%80%AE123', 'missing'],
  ['%F0%9F%98%80', 'missing'],
  ['%ZZ', 'malformed'],
  ['%C0%AF', 'malformed'],
  ['%E0%A4%A', 'malformed'],
  ['*', 'missing'],
  ['%2A', 'missing'],
  ['id%0d%0aX:%201', 'missing'],
  ['abc/def', 'page'],
  ['abc/', 'page'],
  ['%20', 'missing'],
  ['-', 'missing'],
  ['a'.repeat(65), 'missing'],
];

export interface PathContext extends FuzzContext {
  /** Cookie header of a valid admin session. */
  adminCookie: string;
}

export function pathCases(context: PathContext): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const [id, outcome] of CHECKOUT_IDS) {
    const path = `/api/checkout-session/${id}`;
    cases.push({
      category: 'odd path id',
      label: `GET ${path.slice(0, 100)}`,
      request: { method: 'GET', path },
      expect:
        outcome === 'page'
          ? { status: [404], kind: 'page' }
          : outcome === 'malformed'
            ? { status: [400], kind: 'error', error: MALFORMED_ADDRESS }
            : { status: [outcome === 'invalid' ? 400 : 404], kind: 'error', error: outcome === 'invalid' ? INVALID_SESSION : NOT_FOUND_SESSION },
    });
  }
  cases.push(...methodCases('/api/checkout-session/{id}', '/api/checkout-session/cs_test_doesnotexist', ['GET']));

  const collection = '/api/admin/league-registrations';
  for (const [id, outcome] of REGISTRATION_IDS) {
    const path = `${collection}/${id}`;
    // Never let an odd id resolve to the collection itself: DELETE there with a session deletes all.
    if (resolvedPath(path) === collection) throw new Error(`fuzz generator: ${path} resolves to ${collection}`);
    cases.push({
      category: 'odd path id',
      label: `DELETE ${path.slice(0, 100)}`,
      request: { method: 'DELETE', path, headers: { cookie: context.adminCookie, origin: context.origin } },
      expect:
        outcome === 'page'
          ? { status: [404], kind: 'page' }
          : outcome === 'malformed'
            ? { status: [400], kind: 'error', error: MALFORMED_ADDRESS }
            : { status: [404], kind: 'error', error: NOT_FOUND_REGISTRATION },
    });
  }

  // The staff's mail retry: an odd key never retries anything (no message failed in the fuzz run).
  for (const [key, outcome] of REGISTRATION_IDS) {
    const path = `/api/admin/mail/failed/${key}/retry`;
    const lands = resolvedPath(path);
    cases.push({
      category: 'odd path id',
      label: `POST ${path.slice(0, 100)}`,
      request: { method: 'POST', path, headers: { cookie: context.adminCookie, origin: context.origin } },
      expect:
        outcome === 'page' || !/^\/api\/admin\/mail\/failed\/[^/]+\/retry$/.test(lands)
          ? { status: [404], kind: lands === '/api/admin/mail/failed' ? 'error' : 'page', ...(lands === '/api/admin/mail/failed' ? { error: NO_FAILED_MESSAGE } : {}) }
          : outcome === 'malformed'
            ? { status: [400], kind: 'error', error: MALFORMED_ADDRESS }
            : { status: [404], kind: 'error', error: NO_FAILED_MESSAGE },
    });
  }

  // A member's sign-in link: an odd token names no one (GET) and signs no one in (POST), sets no cookie.
  for (const [token, outcome] of REGISTRATION_IDS) {
    const path = `/api/member/sign-in/${token}`;
    const lands = resolvedPath(path);
    for (const method of ['GET', 'POST'] as const) {
      cases.push({
        category: 'odd path id',
        label: `${method} ${path.slice(0, 100)}`,
        request: { method, path, ...(method === 'POST' ? { headers: { origin: context.origin } } : {}) },
        expect:
          outcome === 'page' || !/^\/api\/member\/sign-in\/[^/]+$/.test(lands)
            ? lands === '/api/member/sign-in'
              ? method === 'GET'
                ? { status: [405], kind: 'error', allow: 'POST' }
                : { status: [415], kind: 'error' }
              : { status: [404], kind: 'page' }
            : outcome === 'malformed'
              ? { status: [400], kind: 'error', error: MALFORMED_ADDRESS }
              : { status: [404], kind: 'error', error: SIGN_IN_OUTCOMES['link-invalid'] },
      });
    }
  }
  cases.push(...methodCases('/api/member/sign-in/{token}', '/api/member/sign-in/unknown-token', ['GET', 'POST']));
  cases.push({ category: 'foreign origin', label: 'POST /api/member/sign-in/{token} from another site', request: { method: 'POST', path: `/api/member/sign-in/${'a'.repeat(43)}`, headers: { origin: 'https://evil.example' } }, expect: { status: [403], kind: 'error', error: 'This request must come from the site itself.' } });
  cases.push(...methodCases('/api/member/session', '/api/member/session', ['GET', 'DELETE']));
  cases.push(
    { category: 'forged session', label: 'GET /api/member/session with a forged cookie', request: { method: 'GET', path: '/api/member/session', headers: { cookie: 'member_session=eyJhbGciOiJub25lIn0.e30.' } }, expect: { status: [200], kind: 'json', body: { member: null } } },
    { category: 'foreign origin', label: 'DELETE /api/member/session from another site', request: { method: 'DELETE', path: '/api/member/session', headers: { origin: 'https://evil.example' } }, expect: { status: [403], kind: 'error', error: 'This request must come from the site itself.' } },
    { category: 'foreign origin', label: 'DELETE /api/member/session without Origin', request: { method: 'DELETE', path: '/api/member/session' }, expect: { status: [403], kind: 'error', error: 'This request must come from the site itself.' } },
  );

  // A booking's signed link: an odd id or a token that signs nothing finds no booking, and says only that.
  const token = 'x'.repeat(32);
  for (const [id, outcome] of REGISTRATION_IDS) {
    if (outcome === 'page') continue;
    for (const [method, suffix] of [['GET', ''], ['POST', '/cancel'], ['POST', '/release'], ['GET', '/calendar.ics'], ['POST', '/move'], ['GET', '/move-options/2026-12-18/60']] as const) {
      const path = `/api/bay-booking/${id}/${token}${suffix}`;
      if (!/^\/api\/bay-booking\/[^/]+\/[^/]+(\/cancel|\/release|\/calendar\.ics|\/move|\/move-options\/2026-12-18\/60)?$/.test(resolvedPath(path))) continue;
      cases.push({
        category: 'odd path id',
        label: `${method} ${path.slice(0, 100)}`,
        request: { method, path },
        expect: outcome === 'malformed' ? { status: [400], kind: 'error', error: MALFORMED_ADDRESS } : { status: [404], kind: 'error', error: 'Booking not found.' },
      });
    }
  }
  cases.push(...methodCases('/api/bay-booking/:id/:token', `/api/bay-booking/00000000-0000-4000-8000-000000000000/${token}`, ['GET']));
  cases.push(...methodCases('/api/bay-booking/:id/:token/cancel', `/api/bay-booking/00000000-0000-4000-8000-000000000000/${token}/cancel`, ['POST']));
  cases.push(...methodCases('/api/bay-booking/:id/:token/release', `/api/bay-booking/00000000-0000-4000-8000-000000000000/${token}/release`, ['POST']));
  cases.push(...methodCases('/api/bay-booking/:id/:token/move', `/api/bay-booking/00000000-0000-4000-8000-000000000000/${token}/move`, ['POST']));
  cases.push(...methodCases('/api/bay-booking/:id/:token/move-options/:date/:lengthMinutes', `/api/bay-booking/00000000-0000-4000-8000-000000000000/${token}/move-options/2026-12-18/60`, ['GET']));

  // A day's availability: a date, length or party the venue does not take is refused with its reason.
  const ODD_DAYS: ReadonlyArray<[string, string | RegExp]> = [
    ['2026-02-30/60/2', 'Please choose a date'],
    ['2026-13-01/60/2', 'Please choose a date'],
    ['12-18-2026/60/2', 'Please choose a date'],
    ['%00/60/2', 'Please choose a date'],
    ['2026-12-18%00/60/2', 'Please choose a date'],
    ['1999-01-01/60/2', /^Please choose a date from /],
    ['2999-01-01/60/2', /^Please choose a date from /],
    ['2026-12-18/45/2', 'Please choose how long you want to play'],
    ['2026-12-18/x/2', 'Please choose how long you want to play'],
    ['2026-12-18/-60/2', 'Please choose how long you want to play'],
    ['2026-12-18/1e9/2', 'Please choose how long you want to play'],
    ['2026-12-18/60/0', 'Please choose how many guests are playing'],
    ['2026-12-18/60/2.5', 'Please choose how many guests are playing'],
    ['2026-12-18/60/%F0%9F%98%80', 'Please choose how many guests are playing'],
    ['2026-12-18/%ZZ/2', MALFORMED_ADDRESS],
  ];
  for (const [params, error] of ODD_DAYS) {
    const path = `/api/bay-availability/${params}`;
    cases.push({ category: 'odd path id', label: `GET ${path}`, request: { method: 'GET', path }, expect: { status: [400], kind: 'error', error } });
  }
  cases.push(...methodCases('/api/bay-availability/:date/:lengthMinutes/:partySize', '/api/bay-availability/2026-12-18/60/2', ['GET']));

  // Read-only endpoints refuse every other method.
  cases.push(...methodCases('/api/health', '/api/health', ['GET', 'HEAD'], { allow: 'GET, HEAD' }));
  cases.push(...methodCases('/api/ping', '/api/ping', ['GET', 'HEAD'], { allow: 'GET, HEAD' }));
  cases.push(...methodCases('/api/league-availability', '/api/league-availability', ['GET']));
  cases.push(...methodCases('/api/league/standings', '/api/league/standings?session=winter', ['GET', 'HEAD'], { allow: 'GET, HEAD' }));
  // A session the league does not have: 404 whatever the id looks like.
  for (const session of ['', 'summer', 'Winter', 'winter%00', '__proto__', '%E2%80%AEwinter', 'x'.repeat(300)]) {
    const path = `/api/league/standings?session=${session}`;
    cases.push({ category: 'odd path id', label: `GET ${path.slice(0, 100)}`, request: { method: 'GET', path }, expect: { status: [404], kind: 'error', error: 'No league session has this id.' } });
  }
  return cases;
}
