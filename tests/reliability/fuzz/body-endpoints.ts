// The API endpoints that take a JSON body, described for the fuzz: a valid body (as the site's forms
// send it, see src/domain/forms and the integration tests), every field with the values it must
// refuse (the forms' rules), and what a well-formed body gets where sending one writes nothing.
import { ADMIN_PASSWORD_REQUIRED_MESSAGE } from '../../../src/features/staff/contract/login-form';
import { BAY_BOOKING_MESSAGES as bay } from '../../../src/features/bay-booking/contract/form-texts';
import { EVENT_REQUEST_MESSAGES as booking } from '../../../src/features/event-requests/contract/request-fields';
import { LEAGUE_MESSAGES as league } from '../../../src/features/league/contract/form-texts';
import { NOTIFY_TEXTS } from '../../../src/features/league/contract/notify-texts';
import { MEMBER_LOGIN_EMAIL_MESSAGE } from '../../../src/features/memberships/contract/member-login-texts';
import { membershipCatalog } from '../../../src/features/memberships/catalogue';
import { sampleLeagueEntry } from '../../support/sample-requests';
import type { Prng } from '../prng';

export type JsonObject = Record<string, unknown>;
export type FieldPath = ReadonlyArray<string | number>;

/** A value the field must refuse. */
export interface Refusal {
  value: unknown;
  /** The message expected for the field (fields[key]); undefined: any message. */
  message?: string | undefined;
  /** Where the answer reports it, when not at the field itself (e.g. a list's first item). */
  key?: string;
  /**
   * 'schema' (default): refused by the body's schema, reported in `fields`.
   * 'semantic': passes the schema, refused by the endpoint's own check (unknown session, foreign price).
   */
  level?: 'schema' | 'semantic';
  /** For semantic refusals: the status and error (default 400). */
  status?: number;
  error?: string | RegExp;
  /** For semantic refusals: whether the answer names the field in `fields`. */
  named?: boolean;
}

export interface FieldSpec {
  path: FieldPath;
  required: boolean;
  /** Whether the field holds text (unusual text is tried in it). */
  text: boolean;
  /** The message for a missing field or one of the wrong type; undefined: any message. */
  message?: string | undefined;
  /** Wrong-type values the field legitimately accepts (e.g. null for a nullish field). */
  acceptsTypes?: readonly unknown[];
  /**
   * What the field makes of unusual text (values.ts ODD_TEXT): 'refused' (an e-mail, a time, a choice:
   * none of them fits), 'accepted' (any text is well-formed), 'unknown' (depends on the text: the fuzz
   * then also breaks another field, so the request is refused whatever the text does).
   */
  noise?: 'refused' | 'accepted' | 'unknown';
  refusals: readonly Refusal[];
  /** Holds other fields (the league's list of entries and each entry): never broken in random mixes. */
  container?: boolean;
}

export interface BodyEndpoint {
  name: string;
  path: string;
  /** The endpoint's body limit in bytes (413 above it). */
  maxBytes: number;
  /** The endpoint checks Origin before anything else (403 without the site's own). */
  requiresOrigin: boolean;
  validBody(prng: Prng): JsonObject;
  /** The body's fields (leaf fields first, then containers). */
  fields(body: JsonObject): FieldSpec[];
  /**
   * Statuses a well-formed body gets, for endpoints where one writes nothing of ours (or only
   * counters); undefined: the fuzz never sends a well-formed body there.
   */
  wellFormed?: readonly number[];
  /** What a well-formed body's answer is: an error (default), or any JSON answer (an endpoint that answers every address alike). */
  wellFormedAnswer?: 'json';
}

export const keyOf = (path: FieldPath): string => path.map(String).join('.');

const r = (value: unknown, message?: string): Refusal => ({ value, message });

// ---- Event booking ---------------------------------------------------------------------------------

const TIMES_REFUSED = ['', '3:15 AM', '6:00PM', '18:00', '6:00 pm', ' 6:00 PM', '6:00 PM\u200B', '11:00 PM', '10:30 AM', '٦:٠٠ PM'];
export const EMAILS_REFUSED = [
  '',
  'plain',
  'ann@',
  '@example.com',
  'ann@example',
  'ann @example.com',
  'ann@@example.com',
  'ann@example.com\u0000',
  '\u202Eann@example.com',
  'ann😀@example.com',
  'ann@exa\u200Bmple.com',
  `${'a'.repeat(250)}@example.com`,
];

let bookingCounter = 0;

export const eventRequest: BodyEndpoint = {
  name: 'event-request',
  path: '/api/event-booking',
  maxBytes: 16 * 1024,
  requiresOrigin: false,
  validBody: (prng) => {
    bookingCounter += 1;
    return {
      firstName: prng.pick(['Jordan', 'Ann', 'Li']),
      lastName: prng.pick(['Miller', 'Okafor', 'Ng']),
      phone: '6085550142',
      email: `fuzz.${bookingCounter}@example.com`,
      occasion: prng.pick(['Company outing', 'Birthday', 'Bachelor party']),
      partySize: prng.pick([1, 12, '20', 150]),
      eventDate: '2026-12-18',
      startTime: '6:00 PM',
      endTime: '9:00 PM',
      additionalRequests: prng.pick(['', 'Vegetarian options please']),
    };
  },
  fields: () => [
    { path: ['firstName'], required: true, text: true, message: booking.firstName, refusals: [r('', booking.firstName), r('J', booking.firstName), r('  J  ', booking.firstName), r('x'.repeat(201), 'First name is too long')] },
    { path: ['lastName'], required: true, text: true, message: booking.lastName, refusals: [r('', booking.lastName), r('N', booking.lastName), r('\t\n', booking.lastName), r('x'.repeat(201), 'Last name is too long')] },
    { path: ['phone'], required: true, text: true, message: booking.phone, refusals: [r('', booking.phone), r('608555', booking.phone), r('123456789', booking.phone), r('          ', booking.phone), r('6'.repeat(41), 'Phone number is too long')] },
    { path: ['email'], required: true, text: true, noise: 'refused', message: booking.email, refusals: EMAILS_REFUSED.map((value) => r(value, booking.email)) },
    { path: ['occasion'], required: true, text: true, message: booking.occasion, refusals: [r('', booking.occasion), r('   ', booking.occasion), r('x'.repeat(201), 'Occasion is too long')] },
    {
      path: ['partySize'],
      required: true,
      text: false,
      message: booking.partySize,
      // A number is the right type: 42 is a party size (0 and -1.5 are refused below).
      acceptsTypes: [42],
      refusals: [0, -1, 0.5, '0', '', '   ', 'many', '12 people', '1e999', '0x10x', 'NaN', 'Infinity'].map((value) => r(value, booking.partySize)),
    },
    { path: ['eventDate'], required: true, text: true, message: booking.eventDate, refusals: [r('', booking.eventDate), r('   ', booking.eventDate), r('2026-12-18'.repeat(5), booking.eventDate)] },
    { path: ['startTime'], required: true, text: true, noise: 'refused', message: booking.startTime, refusals: TIMES_REFUSED.map((value) => r(value, booking.startTime)) },
    { path: ['endTime'], required: true, text: true, noise: 'refused', message: booking.endTime, refusals: TIMES_REFUSED.map((value) => r(value, booking.endTime)) },
    { path: ['additionalRequests'], required: false, text: true, refusals: [r('x'.repeat(5001), 'Additional requests are too long')] },
    { path: ['website'], required: false, text: true, refusals: [r('x'.repeat(2001))] },
  ],
};

// ---- League registration ---------------------------------------------------------------------------

const SESSIONS = ['fall', 'winter', 'spring'] as const;
let teamCounter = 0;


const entryFields = (index: number): FieldSpec[] => {
  const at = (field: string): FieldPath => ['sessionRegistrations', index, field];
  const name = (field: string, message: string): FieldSpec => ({
    path: at(field),
    required: true,
    text: true,
    message,
    refusals: [r('', message), r('   ', message), r('x'.repeat(101), message)],
  });
  const email = (field: string): FieldSpec => ({ path: at(field), required: true, text: true, noise: 'refused', message: league.email, refusals: EMAILS_REFUSED.map((value) => r(value, league.email)) });
  const phone = (field: string): FieldSpec => ({
    path: at(field),
    required: true,
    text: true,
    message: league.phone,
    refusals: ['', '123', '123456789', ' '.repeat(12), '6'.repeat(41)].map((value) => r(value, league.phone)),
  });
  const unknownSession = (value: string): Refusal => ({ value, message: 'Unknown league session', level: 'semantic', error: 'Unknown league session', named: true });
  return [
    {
      path: at('sessionId'),
      required: true,
      text: true,
      message: 'Unknown league session',
      refusals: [r('', 'Unknown league session'), r('s'.repeat(65), 'Unknown league session'), ...['summer', 'Fall', 'fall ', 'fall\u0000', '__proto__', 'constructor', 'toString', '\u202Efall'].map(unknownSession)],
    },
    { path: at('teamName'), required: false, text: true, refusals: [r('x'.repeat(101), 'Team name is too long')] },
    { path: at('teeTimeDay'), required: true, text: true, noise: 'refused', message: league.teeTimeDay, refusals: ['', 'Monday', 'sunday', 'monday ', 'mon', '\u202Emonday'].map((value) => r(value, league.teeTimeDay)) },
    { path: at('teeTimeSlot'), required: true, text: true, noise: 'refused', message: league.teeTimeSlot, refusals: ['', '6PM', '7pm', '6pm\u0000', '6:00 PM'].map((value) => r(value, league.teeTimeSlot)) },
    name('player1FirstName', league.firstName),
    name('player1LastName', league.lastName),
    email('player1Email'),
    phone('player1Phone'),
    name('player2FirstName', league.firstName),
    name('player2LastName', league.lastName),
    email('player2Email'),
    phone('player2Phone'),
  ];
};

export const leagueRegistration: BodyEndpoint = {
  name: 'league-registration-multi',
  path: '/api/league-registration-multi',
  maxBytes: 32 * 1024,
  requiresOrigin: false,
  validBody: (prng) => {
    teamCounter += 1;
    const sessions = prng.sample(SESSIONS, prng.int(1, 3));
    return { sessionRegistrations: sessions.map((session) => sampleLeagueEntry(session, `f${teamCounter}`)) };
  },
  fields: (body) => {
    const entries = Array.isArray(body['sessionRegistrations']) ? body['sessionRegistrations'].length : 0;
    const leaves = Array.from({ length: entries }, (_, index) => entryFields(index)).flat();
    const containers: FieldSpec[] = [
      {
        path: ['sessionRegistrations'],
        required: true,
        text: false,
        container: true,
        message: league.sessionsRequired,
        // Lists are the right type: what is wrong in them is reported at the item.
        acceptsTypes: [[], ['x']],
        refusals: [
          r([], league.sessionsRequired),
          { value: ['x'], key: 'sessionRegistrations.0' },
          { value: [null, sampleLeagueEntry('fall', 'n1')], key: 'sessionRegistrations.0' },
          r(
            [...SESSIONS, 'fall'].map((session, index) => sampleLeagueEntry(session, `x${index}`)),
            'Each session can be registered once.',
          ),
          { value: [sampleLeagueEntry('fall', 'd1'), sampleLeagueEntry('fall', 'd2')], level: 'semantic', error: 'Each session can be registered once.' },
        ],
      },
      ...Array.from({ length: entries }, (_, index): FieldSpec => ({
        path: ['sessionRegistrations', index],
        required: true,
        text: false,
        container: true,
        // An object is the right type: an empty one is reported field by field.
        acceptsTypes: [{}, { value: 'x' }],
        refusals: [
          { value: {}, key: `sessionRegistrations.${index}.player1Email`, message: league.email },
          { value: { value: 'x' }, key: `sessionRegistrations.${index}.teeTimeDay`, message: league.teeTimeDay },
        ],
      })),
    ];
    return [...leaves, ...containers];
  },
};

// ---- Membership checkout ---------------------------------------------------------------------------

export const membershipCheckout: BodyEndpoint = {
  name: 'membership-checkout',
  path: '/api/create-subscription',
  maxBytes: 16 * 1024,
  requiresOrigin: false,
  validBody: (prng) => ({ membershipTier: prng.pick(membershipCatalog.plans.map((plan) => plan.tier)), billingTerm: prng.pick(membershipCatalog.terms.map((term) => term.key)) }),
  fields: () => [
    { path: ['membershipTier'], required: true, text: true, noise: 'refused', refusals: ['', 'Gold', 'bogey', 'Bogey ', 'Bogey+\u200B', 'BOGEY', '\u202EBogey'].map((value) => r(value)) },
    { path: ['billingTerm'], required: true, text: true, noise: 'refused', refusals: ['', '2-month', '12-months', '12-Month', '12', 'annual'].map((value) => r(value)) },
    {
      path: ['priceId'],
      required: false,
      text: true,
      acceptsTypes: [null],
      refusals: [
        r('p'.repeat(256)),
        ...['price_not_ours', 'price_\u0000', '\u202Eprice'].map(
          (value): Refusal => ({ value, level: 'semantic', error: /^The selected price does not match the .+ membership\. Please reload the page and try again\.$/ }),
        ),
      ],
    },
  ],
};

// ---- Customer portal -------------------------------------------------------------------------------

const NO_CUSTOMER = 'No customer data available';
const NOT_YOUR_ACCOUNT = 'We could not confirm this account. Please use Member Login with the email address of your membership.';

export const createPortalSession: BodyEndpoint = {
  name: 'create-portal-session',
  path: '/api/create-portal-session',
  maxBytes: 16 * 1024,
  requiresOrigin: false,
  validBody: (prng) => ({ customerId: prng.pick(['cus_fuzz123', 'cus_000000']), sessionId: prng.pick(['cs_test_fuzz', 'cs_unknown_0001', 'not-a-session']) }),
  fields: () => [
    { path: ['customerId'], required: true, text: true, message: NO_CUSTOMER, refusals: ['', '    ', 'c'.repeat(256)].map((value) => r(value, NO_CUSTOMER)) },
    { path: ['sessionId'], required: true, text: true, message: NOT_YOUR_ACCOUNT, refusals: ['', '   ', 's'.repeat(301)].map((value) => r(value, NOT_YOUR_ACCOUNT)) },
  ],
  // Well-formed but not a Checkout session that created this customer: refused.
  wellFormed: [403],
};

export const portalLoginLink: BodyEndpoint = {
  name: 'portal-login-link',
  path: '/api/create-portal-session-by-email',
  maxBytes: 2048,
  requiresOrigin: false,
  validBody: (prng) => ({ email: prng.pick(['nobody@example.com', 'no.member@example.org']) }),
  fields: () => [{ path: ['email'], required: true, text: true, noise: 'refused', message: MEMBER_LOGIN_EMAIL_MESSAGE, refusals: EMAILS_REFUSED.map((value) => r(value, MEMBER_LOGIN_EMAIL_MESSAGE)) }],
  // No membership with that address (404), or 5 attempts a minute from this address used up (429).
  wellFormed: [404, 429],
};

// ---- Member sign-in (bay booking) ------------------------------------------------------------------

export const memberSignIn: BodyEndpoint = {
  name: 'member-sign-in',
  path: '/api/member/sign-in',
  maxBytes: 2048,
  requiresOrigin: false,
  validBody: (prng) => ({ email: prng.pick(['nobody@example.com', 'no.member@example.org']) }),
  fields: () => [{ path: ['email'], required: true, text: true, noise: 'refused', message: MEMBER_LOGIN_EMAIL_MESSAGE, refusals: EMAILS_REFUSED.map((value) => r(value, MEMBER_LOGIN_EMAIL_MESSAGE)) }],
  // The same answer for every address (no member has these: nothing is stored or sent), or 5 a minute from this address used up (429).
  wellFormed: [200, 429],
  wellFormedAnswer: 'json',
};

// ---- League opening notice ----------------------------------------------------------------------

// Never sent well-formed: a valid address joins the list of visitors told when registration opens.
export const leagueNotify: BodyEndpoint = {
  name: 'league-notify',
  path: '/api/league-notify',
  maxBytes: 2048,
  requiresOrigin: false,
  validBody: (prng) => ({ email: prng.pick(['fuzz.notice@example.com', 'fuzz.notice@example.org']) }),
  fields: () => [{ path: ['email'], required: true, text: true, noise: 'refused', message: NOTIFY_TEXTS.email, refusals: EMAILS_REFUSED.map((value) => r(value, NOTIFY_TEXTS.email)) }],
};

// ---- League mail opt-out ------------------------------------------------------------------------

const OPT_OUT_LINK = 'The link is incomplete: open it again from the e-mail';

// Well-formed but a token the site never sent: no team has it (404), nothing is written.
export const leagueMailOptOut: BodyEndpoint = {
  name: 'league-mail-opt-out',
  path: '/api/league-mail-opt-out',
  maxBytes: 1024,
  requiresOrigin: false,
  validBody: (prng) => ({ token: prng.pick(['AAAAAAAAAAAAAAAAAAAAAA', 'fuzz-token-never-sent-0001']) }),
  fields: () => [
    {
      path: ['token'],
      required: true,
      text: true,
      noise: 'refused',
      message: OPT_OUT_LINK,
      refusals: ['', 'short', 'x'.repeat(65), 'AAAAAAAAAAAAAAAAAAAAA=', 'AAAA AAAA AAAA AAAA AA', '\u202EAAAAAAAAAAAAAAAAAAAA'].map((value) => r(value, OPT_OUT_LINK)),
    },
  ],
  wellFormed: [404],
};

// ---- Bay hold (bay booking) -----------------------------------------------------------------------

// Never sent well-formed: a valid body would hold a bay and open a Checkout session.
export const bayHold: BodyEndpoint = {
  name: 'bay-hold',
  path: '/api/bay-hold',
  maxBytes: 16 * 1024,
  requiresOrigin: false,
  validBody: (prng) => ({
    date: '2026-12-18',
    start: prng.pick(['12:00', '18:30']),
    lengthMinutes: prng.pick([60, 90, 240]),
    partySize: prng.pick([1, 4, 8]),
    bayType: 'standard',
    name: prng.pick(['Robin Fairway', 'Li Ng']),
    email: 'robin@example.com',
    phone: '6085550142',
  }),
  fields: () => [
    { path: ['date'], required: true, text: true, noise: 'refused', message: bay.date, refusals: ['', '2026-02-30', '2026-13-01', '12/18/2026', '2026-12-18T18:00', ' 2026-12-18'].map((value) => r(value, bay.date)) },
    { path: ['start'], required: true, text: true, noise: 'refused', message: bay.start, refusals: ['', '18:15', '24:00', '6:00 PM', '18:00:00', '1800'].map((value) => r(value, bay.start)) },
    { path: ['lengthMinutes'], required: true, text: false, message: bay.length, refusals: [0, -60, 45, 61.5, 1470, '60'].map((value) => r(value, bay.length)) },
    // A number is the right type: 42 is a party size the schema takes (the hold then refuses it for the largest bay).
    { path: ['partySize'], required: true, text: false, message: bay.partySize, acceptsTypes: [42], refusals: [0, -1, 2.5, 101, '4'].map((value) => r(value, bay.partySize)) },
    { path: ['bayType'], required: true, text: true, noise: 'unknown', message: bay.bayType, refusals: ['', 'Standard', 'bay type', 'x'.repeat(41)].map((value) => r(value, bay.bayType)) },
    { path: ['bayId'], required: false, text: true, noise: 'unknown', message: bay.bayType, refusals: ['', 'Bay 1', 'x'.repeat(41)].map((value) => r(value, bay.bayType)) },
    { path: ['name'], required: true, text: true, message: bay.name, refusals: [r('', bay.name), r('   ', bay.name), r('x'.repeat(101), bay.name)] },
    { path: ['email'], required: true, text: true, noise: 'refused', message: bay.email, refusals: EMAILS_REFUSED.map((value) => r(value, bay.email)) },
    { path: ['phone'], required: true, text: true, message: bay.phone, refusals: [r('', bay.phone), r('608555', bay.phone), r('6'.repeat(41), bay.phone)] },
  ],
};

// ---- Admin login -----------------------------------------------------------------------------------

export const adminLogin: BodyEndpoint = {
  name: 'admin-auth-login',
  path: '/api/admin/auth/login',
  maxBytes: 4096,
  requiresOrigin: true,
  validBody: (prng) => ({ password: prng.pick(['wrong-password', 'admin', 'password123', '\u202Eadmin', '0'.repeat(1024)]) }),
  fields: () => [
    {
      path: ['password'],
      required: true,
      text: true,
      noise: 'accepted',
      message: ADMIN_PASSWORD_REQUIRED_MESSAGE,
      refusals: [r('', ADMIN_PASSWORD_REQUIRED_MESSAGE), r('p'.repeat(1025), 'Password is too long')],
    },
  ],
  // A wrong password (401), or this address or the site locked out after too many (429).
  wellFormed: [401, 429],
};

export const BODY_ENDPOINTS: readonly BodyEndpoint[] = [eventRequest, leagueRegistration, membershipCheckout, createPortalSession, portalLoginLink, memberSignIn, leagueNotify, bayHold, adminLogin, leagueMailOptOut];
