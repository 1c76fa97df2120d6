// The staff inbox's change endpoint (PATCH /api/admin/event-bookings/:id) with a valid session: bad
// bodies for a real request (each refused, the request left as it was), and valid changes sent to ids
// no request has. Its forged sessions, foreign origins and other methods are in auth-cases.ts.
import { EVENT_REQUEST_CHANGE_MESSAGES as messages } from '../../../src/features/event-requests/contract/request-change';
import { STAFF_NOTES_MAX_LENGTH } from '../../../src/features/event-requests/rules/event-requests';
import { MALFORMED_ADDRESS } from '../../../src/shared/server/request';
import { INVALID_JSON, NOT_JSON, TOO_LARGE, type Expectation, type FuzzCase, type FuzzContext } from './case';
import { resolvedPath } from './path-cases';

export interface InboxContext extends FuzzContext {
  /** Cookie header of a valid admin session. */
  adminCookie: string;
  /** A stored event request: a bad change that slipped through would alter it. */
  eventRequestId: string;
}

const COLLECTION = '/api/admin/event-bookings';
const NOT_FOUND = 'Event request not found.';
/** The endpoint's body limit. */
const MAX_BYTES = 16 * 1024;

const refusedField = (field: string, message: string): Expectation => ({ status: [400], kind: 'error', fields: { [field]: message }, error: message });

/** [what, body, expectation]: JSON bodies the change must refuse. */
function badBodies(): Array<[string, unknown, Expectation]> {
  const status = (value: unknown): [string, unknown, Expectation] => [`status = ${JSON.stringify(value).slice(0, 40)}`, { status: value }, refusedField('status', messages.status)];
  const notes = (value: unknown, what = JSON.stringify(value).slice(0, 40)): [string, unknown, Expectation] => [`notes = ${what}`, { notes: value }, refusedField('notes', messages.notes)];
  return [
    ['empty object', {}, refusedField('_form', messages.nothing)],
    ['only unknown fields', { priority: 'high', assignee: 'Sam' }, refusedField('_form', messages.nothing)],
    ['both fields null', { status: null, notes: null }, { status: [400], kind: 'error' }],
    ...['done', 'New', 'NEW', ' new', 'new ', 'new\u0000', '\u202Enew', 'archived\u200B', '', 'pending', '__proto__', 'constructor'].map(status),
    ...[null, 1, true, ['contacted'], { value: 'new' }].map(status),
    notes('x'.repeat(STAFF_NOTES_MAX_LENGTH + 1), `${STAFF_NOTES_MAX_LENGTH + 1} characters`),
    notes('😀'.repeat(STAFF_NOTES_MAX_LENGTH + 1), `${STAFF_NOTES_MAX_LENGTH + 1} emoji`),
    ...[null, 0, false, ['note'], { text: 'note' }].map((value) => notes(value)),
    ['valid status with bad notes', { status: 'contacted', notes: 42 }, refusedField('notes', messages.notes)],
    ['valid notes with a bad status', { status: 'finished', notes: 'Called back' }, refusedField('status', messages.status)],
  ];
}

export function inboxCases(context: InboxContext): FuzzCase[] {
  const headers = { cookie: context.adminCookie, origin: context.origin, 'content-type': 'application/json' };
  const one = `${COLLECTION}/${context.eventRequestId}`;
  const label = (what: string) => `PATCH ${COLLECTION}/:id: ${what}`;
  const cases: FuzzCase[] = badBodies().map(([what, body, expect]) => ({ category: 'inbox change', label: label(what), request: { method: 'PATCH', path: one, headers, body: JSON.stringify(body) }, expect }));

  const envelopes: Array<[string, string, Record<string, string>, Expectation]> = [
    ['not JSON', '{"status":', {}, { status: [400], kind: 'error', error: INVALID_JSON }],
    ['empty body', '', {}, { status: [400], kind: 'error', error: INVALID_JSON }],
    ['JSON null', 'null', {}, { status: [400], kind: 'error' }],
    ['JSON list', '[{"status":"contacted"}]', {}, { status: [400], kind: 'error' }],
    ['JSON text', '"contacted"', {}, { status: [400], kind: 'error' }],
    ['form-encoded', 'status=contacted', { 'content-type': 'application/x-www-form-urlencoded' }, { status: [415], kind: 'error', error: NOT_JSON }],
    ['text/plain', '{"status":"contacted"}', { 'content-type': 'text/plain' }, { status: [415], kind: 'error', error: NOT_JSON }],
    ['limit + 1 byte', JSON.stringify({ notes: 'x'.repeat(MAX_BYTES) }), {}, { status: [413], kind: 'error', error: TOO_LARGE }],
  ];
  for (const [what, body, extra, expect] of envelopes) cases.push({ category: 'inbox change', label: label(what), request: { method: 'PATCH', path: one, headers: { ...headers, ...extra }, body }, expect });

  // A valid change to odd ids: never a request changed, never the collection addressed.
  const ids: ReadonlyArray<[string, 'missing' | 'page' | 'malformed']> = [
    ['00000000-0000-0000-0000-000000000000', 'missing'],
    ['..%2F..%2Fetc', 'missing'],
    ['%2e%2e', 'page'],
    ['abc/def', 'page'],
    ['a'.repeat(10_000), 'missing'],
    ['a'.repeat(65), 'missing'],
    ['%00', 'missing'],
    ['%E2%80%AE123', 'missing'],
    ['*', 'missing'],
    [`${context.eventRequestId}%20`, 'missing'],
    [`${context.eventRequestId.toUpperCase()}x`, 'missing'],
    ['%ZZ', 'malformed'],
    ['%C0%AF', 'malformed'],
  ];
  for (const [id, outcome] of ids) {
    const path = `${COLLECTION}/${id}`;
    if (resolvedPath(path) === COLLECTION) throw new Error(`fuzz generator: ${path} resolves to ${COLLECTION}`);
    cases.push({
      category: 'odd path id',
      label: `PATCH ${path.slice(0, 100)}`,
      request: { method: 'PATCH', path, headers, body: JSON.stringify({ status: 'archived', notes: 'fuzz' }) },
      expect:
        outcome === 'page'
          ? { status: [404], kind: 'page' }
          : outcome === 'malformed'
            ? { status: [400], kind: 'error', error: MALFORMED_ADDRESS }
            : { status: [404], kind: 'error', error: NOT_FOUND },
    });
  }
  return cases;
}
