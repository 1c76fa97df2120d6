// Bad requests for the JSON endpoints, derived from a valid body: every field of the wrong type,
// missing, holding a refused value, huge or unusual text; extra fields; JSON that is not an object or
// not JSON at all; other content types; oversized bodies; other methods; and seeded random mixes.
import { gzipSync } from 'node:zlib';
import type { Prng } from '../prng';
import { BODY_ENDPOINTS, keyOf, type BodyEndpoint, type FieldPath, type FieldSpec, type JsonObject, type Refusal } from './body-endpoints';
import { FOREIGN_ORIGIN, INVALID_JSON, methodCases, NOT_JSON, TOO_LARGE, type Expectation, type FuzzCase, type FuzzContext } from './case';
import { EXTRA_FIELDS, HUGE, NON_OBJECT_BODIES, ODD_TEXT, WRONG_TYPES } from './values';

/** One change made to a valid body, and how the API must take it. */
interface Applied {
  key: string;
  level: 'schema' | 'semantic';
  message?: string | undefined;
  status?: number | undefined;
  error?: string | RegExp | undefined;
  named?: boolean | undefined;
}

type Container = Record<string, unknown> | unknown[];

function parentOf(body: JsonObject, path: FieldPath): Container {
  let node: unknown = body;
  for (const segment of path.slice(0, -1)) {
    node = (node as Record<string | number, unknown>)[segment];
    if (typeof node !== 'object' || node === null) throw new Error(`fuzz generator: no container at ${keyOf(path)}`);
  }
  return node as Container;
}

function setAt(body: JsonObject, path: FieldPath, value: unknown): void {
  (parentOf(body, path) as Record<string | number, unknown>)[path.at(-1)!] = value;
}

function removeAt(body: JsonObject, path: FieldPath): void {
  delete (parentOf(body, path) as Record<string | number, unknown>)[path.at(-1)!];
}

/** Adds an own enumerable property (so even `__proto__` is serialized as a field). */
function addOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const wrongType = (field: FieldSpec): Applied => ({ key: keyOf(field.path), level: 'schema', message: field.message });

const refused = (field: FieldSpec, refusal: Refusal): Applied => ({
  key: refusal.key ?? keyOf(field.path),
  level: refusal.level ?? 'schema',
  message: refusal.message,
  status: refusal.status,
  error: refusal.error,
  named: refusal.named,
});

const leaves = (fields: readonly FieldSpec[]) => fields.filter((field) => !field.container);

/** Breaks one field in a way its schema refuses (a refused value, another type, or removing it). */
function breakField(prng: Prng, body: JsonObject, field: FieldSpec): Applied {
  const schemaRefusals = field.refusals.filter((refusal) => (refusal.level ?? 'schema') === 'schema');
  const roll = prng.next();
  if (roll < 0.45 && schemaRefusals.length > 0) {
    const refusal = prng.pick(schemaRefusals);
    setAt(body, field.path, structuredClone(refusal.value));
    return refused(field, refusal);
  }
  if (roll < 0.65 && field.required) {
    removeAt(body, field.path);
    return wrongType(field);
  }
  if (roll < 0.75 && field.noise === 'refused') {
    setAt(body, field.path, prng.pick(ODD_TEXT));
    return wrongType(field);
  }
  const value = prng.pick(WRONG_TYPES.filter((candidate) => !(field.acceptsTypes ?? []).some((accepted) => same(accepted, candidate))));
  setAt(body, field.path, structuredClone(value));
  return wrongType(field);
}

const encoder = new TextEncoder();

/** What the endpoint must answer to a body of `bytes` bytes carrying these changes. */
function expectation(endpoint: BodyEndpoint, bytes: number, applied: readonly Applied[]): Expectation {
  if (bytes > endpoint.maxBytes) return { status: [413], kind: 'error', error: TOO_LARGE };
  const schema = applied.filter((change) => change.level === 'schema');
  if (schema.length > 0) return { status: [400], kind: 'error', fields: Object.fromEntries(schema.map((change) => [change.key, change.message])) };
  const semantic = applied.filter((change) => change.level === 'semantic');
  if (semantic.length === 1) {
    const [only] = semantic as [Applied];
    return {
      status: [only.status ?? 400],
      kind: 'error',
      ...(only.error ? { error: only.error } : {}),
      ...(only.named ? { fields: { [only.key]: only.message } } : {}),
    };
  }
  if (semantic.length > 1) return { status: [...new Set(semantic.map((change) => change.status ?? 400))], kind: 'error' };
  if (!endpoint.wellFormed) throw new Error(`fuzz generator: a well-formed body for ${endpoint.name}, which would store it`);
  return { status: endpoint.wellFormed, kind: 'error' };
}

function post(endpoint: BodyEndpoint, context: FuzzContext, body: string | Uint8Array, headers: Record<string, string> = {}): FuzzCase['request'] {
  return { method: 'POST', path: endpoint.path, headers: { 'content-type': 'application/json', origin: context.origin, ...headers }, body };
}

function bodyCase(endpoint: BodyEndpoint, context: FuzzContext, category: string, what: string, body: JsonObject, applied: readonly Applied[], indent?: number): FuzzCase {
  const text = JSON.stringify(body, null, indent);
  return {
    category,
    label: `POST ${endpoint.path}: ${what}`,
    request: post(endpoint, context, text),
    expect: expectation(endpoint, encoder.encode(text).length, applied),
  };
}

/** Another leaf field than `field`, broken so the request is refused whatever `field` holds. */
function breakAnother(prng: Prng, body: JsonObject, fields: readonly FieldSpec[], field: FieldSpec | null): Applied | null {
  const others = leaves(fields).filter((other) => other !== field && (other.required || other.refusals.some((refusal) => (refusal.level ?? 'schema') === 'schema')));
  if (others.length === 0) return null;
  return breakField(prng, body, prng.pick(others));
}

function describeValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length})` : text;
}

/** Text of malformed JSON derived from a valid body's text. */
function malformedVariants(text: string): Array<[string, string]> {
  const tail = (extra: string) => `${text.slice(0, -1)},${extra}}`;
  return [
    ['first byte only', text.slice(0, 1)],
    ['cut at a quarter', text.slice(0, Math.floor(text.length / 4))],
    ['cut in half', text.slice(0, Math.floor(text.length / 2))],
    ['last byte missing', text.slice(0, -1)],
    ['trailing comma', `${text.slice(0, -1)},}`],
    ['double colon', text.replace(':', '::')],
    ['single quotes', text.replace(/"/g, "'")],
    ['unquoted keys', text.replace(/"(\w+)":/g, '$1:')],
    ['lone brace', '{'],
    ['closing brace', '}'],
    ['empty body', ''],
    ['whitespace only', ' \n\t '],
    ['missing value', '{"a":}'],
    ['two objects', `${text}${text}`],
    ['trailing garbage', `${text} x`],
    ['comment', `/* comment */${text}`],
    ['NaN', tail('"x":NaN')],
    ['undefined', tail('"x":undefined')],
    ['hex number', tail('"x":0x10')],
    ['leading zero', tail('"x":01')],
    ['raw control character', tail('"x":"a\u0001b"')],
    ['bad unicode escape', tail('"x":"\\uZZZZ"')],
    ['hex escape', tail('"x":"\\x41"')],
    ['byte order mark, cut', `\uFEFF${text.slice(0, -1)}`],
    ['5,000 open brackets', '['.repeat(5000)],
    ['2,000 open objects', '{"a":'.repeat(2000)],
  ];
}

const CONTENT_TYPES: ReadonlyArray<string | null> = [
  null,
  '',
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzzboundary',
  'application/xml',
  'text/json',
  'text/html',
  'application/javascript',
  'application/x-json',
  'application/jsonx',
  'json',
  'application/',
  '*/*',
];

function encodeAs(contentType: string | null, body: JsonObject): string {
  if (contentType === 'application/x-www-form-urlencoded') {
    return new URLSearchParams(Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)])).toString();
  }
  if (contentType?.startsWith('multipart/form-data')) {
    return `${Object.entries(body)
      .map(([key, value]) => `--fuzzboundary\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${typeof value === 'string' ? value : JSON.stringify(value)}\r\n`)
      .join('')}--fuzzboundary--\r\n`;
  }
  return JSON.stringify(body);
}

/** A body sent in chunks, without Content-Length. */
function chunked(bytes: Uint8Array, chunkSize = 4096): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.subarray(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

/** The systematic cases of one endpoint. */
function endpointCases(endpoint: BodyEndpoint, context: FuzzContext, prng: Prng): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const valid = endpoint.validBody(prng);
  const fields = endpoint.fields(valid);

  for (const field of fields) {
    const key = keyOf(field.path);
    for (const value of WRONG_TYPES) {
      if ((field.acceptsTypes ?? []).some((accepted) => same(accepted, value))) continue;
      const body = structuredClone(valid);
      setAt(body, field.path, structuredClone(value));
      cases.push(bodyCase(endpoint, context, 'wrong type', `${key} = ${describeValue(value)}`, body, [wrongType(field)]));
    }
    if (field.required) {
      const body = structuredClone(valid);
      removeAt(body, field.path);
      cases.push(bodyCase(endpoint, context, 'missing field', `without ${key}`, body, [wrongType(field)]));
    }
    for (const refusal of field.refusals) {
      const body = structuredClone(valid);
      setAt(body, field.path, structuredClone(refusal.value));
      cases.push(bodyCase(endpoint, context, 'refused value', `${key} = ${describeValue(refusal.value)}`, body, [refused(field, refusal)]));
    }
    if (!field.text) continue;
    {
      const body = structuredClone(valid);
      setAt(body, field.path, HUGE);
      cases.push(bodyCase(endpoint, context, 'huge string', `${key} = 100 KB`, body, []));
    }
    for (const text of ODD_TEXT) {
      const body = structuredClone(valid);
      setAt(body, field.path, text);
      const applied: Applied[] = [];
      if (field.noise === 'refused') applied.push(wrongType(field));
      else if (field.noise !== 'accepted') {
        const other = breakAnother(prng, body, fields, field);
        if (!other) continue;
        applied.push(other);
      }
      cases.push(bodyCase(endpoint, context, 'unusual unicode', `${key} = ${describeValue(text)}${applied.length && field.noise !== 'refused' ? ` (+ ${applied[0]!.key} broken)` : ''}`, body, applied));
    }
  }

  // Extra, unknown fields: at the top and (league) inside an entry; with a broken field, and on a
  // well-formed body where the endpoint stores nothing.
  for (const [name, value] of EXTRA_FIELDS) {
    const body = structuredClone(valid);
    addOwn(body, name, structuredClone(value));
    const entries = body['sessionRegistrations'];
    if (Array.isArray(entries) && entries[0] && typeof entries[0] === 'object') addOwn(entries[0] as object, name, structuredClone(value));
    const broken = breakAnother(prng, body, fields, null);
    if (broken) cases.push(bodyCase(endpoint, context, 'extra fields', `extra ${describeValue(name)} (+ ${broken.key} broken)`, body, [broken]));
    if (endpoint.wellFormed) {
      const wellFormed = structuredClone(valid);
      addOwn(wellFormed, name, structuredClone(value));
      cases.push(bodyCase(endpoint, context, 'extra fields', `extra ${describeValue(name)} on a well-formed body`, wellFormed, []));
    }
  }

  for (const text of [...NON_OBJECT_BODIES, `${'['.repeat(3000)}${']'.repeat(3000)}`]) {
    cases.push({
      category: 'wrong JSON type',
      label: `POST ${endpoint.path}: ${describeValue(text)}`,
      request: post(endpoint, context, text),
      expect: encoder.encode(text).length > endpoint.maxBytes ? { status: [413], kind: 'error', error: TOO_LARGE } : { status: [400], kind: 'error' },
    });
  }

  const validText = JSON.stringify(valid);
  for (const [what, text] of malformedVariants(validText)) {
    cases.push({
      category: 'malformed JSON',
      label: `POST ${endpoint.path}: ${what}`,
      request: post(endpoint, context, text),
      expect: encoder.encode(text).length > endpoint.maxBytes ? { status: [413], kind: 'error', error: TOO_LARGE } : { status: [400], kind: 'error', error: INVALID_JSON },
    });
  }
  const utf16 = new Uint8Array(Buffer.from(validText, 'utf16le'));
  cases.push({
    category: 'malformed JSON',
    label: `POST ${endpoint.path}: UTF-16 encoded`,
    request: post(endpoint, context, utf16),
    expect: utf16.length > endpoint.maxBytes ? { status: [413], kind: 'error', error: TOO_LARGE } : { status: [400], kind: 'error', error: INVALID_JSON },
  });
  cases.push({
    category: 'malformed JSON',
    label: `POST ${endpoint.path}: gzip body (Content-Encoding: gzip)`,
    request: post(endpoint, context, new Uint8Array(gzipSync(validText)), { 'content-encoding': 'gzip' }),
    expect: { status: [400], kind: 'error', error: INVALID_JSON },
  });
  // Bytes that are not UTF-8, inside a field that refuses them.
  const refusing = fields.find((field) => field.noise === 'refused');
  if (refusing) {
    const body = structuredClone(valid);
    setAt(body, refusing.path, '@@PLACEHOLDER@@');
    const [before, after] = JSON.stringify(body).split('@@PLACEHOLDER@@') as [string, string];
    for (const bad of [[0xc3, 0x28], [0xff, 0xfe, 0xfd], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xf8, 0x88, 0x80, 0x80, 0x80]]) {
      const bytes = new Uint8Array([...encoder.encode(before), ...bad, ...encoder.encode(after)]);
      cases.push({
        category: 'malformed JSON',
        label: `POST ${endpoint.path}: ${keyOf(refusing.path)} holds invalid UTF-8 ${bad.map((byte) => byte.toString(16)).join(' ')}`,
        request: post(endpoint, context, bytes),
        expect: { status: [400], kind: 'error', fields: { [keyOf(refusing.path)]: refusing.message } },
      });
    }
  }

  // The valid body in any other content type: refused before it is read.
  for (const contentType of CONTENT_TYPES) {
    const headers: Record<string, string> = { origin: context.origin };
    if (contentType !== null) headers['content-type'] = contentType;
    cases.push({
      category: 'wrong content type',
      label: `POST ${endpoint.path}: valid fields as ${contentType === null ? 'no Content-Type' : JSON.stringify(contentType)}`,
      request: { method: 'POST', path: endpoint.path, headers, body: encoder.encode(encodeAs(contentType, valid)) },
      expect: { status: [415], kind: 'error', error: NOT_JSON },
    });
  }

  // The valid body padded past the limit (still valid JSON), with and without Content-Length.
  const padded = encoder.encode(`${validText}${' '.repeat(endpoint.maxBytes + 1 - encoder.encode(validText).length)}`);
  const megabyte = encoder.encode(`${validText}${' '.repeat(1024 * 1024)}`);
  const tooLarge: Expectation = { status: [413], kind: 'error', error: TOO_LARGE };
  cases.push({ category: 'oversized body', label: `POST ${endpoint.path}: limit + 1 byte`, request: post(endpoint, context, padded), expect: tooLarge });
  cases.push({ category: 'oversized body', label: `POST ${endpoint.path}: limit + 1 byte, chunked`, request: { ...post(endpoint, context, padded), body: chunked(padded) }, expect: tooLarge });
  cases.push({ category: 'oversized body', label: `POST ${endpoint.path}: 1 MB`, request: post(endpoint, context, megabyte), expect: tooLarge });
  cases.push({ category: 'oversized body', label: `POST ${endpoint.path}: 1 MB, chunked`, request: { ...post(endpoint, context, megabyte), body: chunked(megabyte, 64 * 1024) }, expect: tooLarge });

  cases.push(...methodCases(endpoint.path, endpoint.path, ['POST'], { headers: { origin: context.origin } }));

  if (endpoint.requiresOrigin) {
    for (const origin of [null, 'https://evil.example', 'null', context.origin.replace(/:(\d+)$/, (_, port: string) => `:${Number(port) + 1}`), `${context.origin}/`, context.origin.replace('http:', 'https:'), context.origin.toUpperCase()]) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (origin !== null) headers['origin'] = origin;
      cases.push({
        category: 'foreign origin',
        label: `POST ${endpoint.path} from ${origin ?? 'no Origin'}`,
        request: { method: 'POST', path: endpoint.path, headers, body: validText },
        expect: { status: [403], kind: 'error', error: FOREIGN_ORIGIN },
      });
    }
  }
  return cases;
}

export function systematicBodyCases(context: FuzzContext, prng: Prng): FuzzCase[] {
  return BODY_ENDPOINTS.flatMap((endpoint) => endpointCases(endpoint, context, prng));
}

const WEIGHTS: ReadonlyArray<[string, number]> = [
  ['event-booking', 3],
  ['league-registration-multi', 3],
  ['membership-checkout', 1],
  ['create-portal-session', 1],
  ['portal-login-link', 1],
  ['admin-auth-login', 1],
];

function pickEndpoint(prng: Prng): BodyEndpoint {
  const total = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = prng.next() * total;
  for (const [name, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return BODY_ENDPOINTS.find((endpoint) => endpoint.name === name)!;
  }
  return BODY_ENDPOINTS[0]!;
}

/** Seeded random mixes: 1–3 broken fields, unusual text elsewhere, extra fields, other formatting. */
export function randomBodyCases(context: FuzzContext, prng: Prng, count: number): FuzzCase[] {
  const cases: FuzzCase[] = [];
  while (cases.length < count) {
    const endpoint = pickEndpoint(prng);
    const body = endpoint.validBody(prng);
    const fields = leaves(endpoint.fields(body));
    const broken = prng.sample(fields, prng.int(1, Math.min(3, fields.length)));
    const applied = broken.map((field) => breakField(prng, body, field));
    const what = applied.map((change) => change.key);
    for (const field of prng.sample(fields.filter((candidate) => candidate.text && !broken.includes(candidate)), prng.int(0, 3))) {
      setAt(body, field.path, prng.pick(ODD_TEXT));
      if (field.noise === 'refused') applied.push(wrongType(field));
      what.push(`${keyOf(field.path)}~`);
    }
    if (prng.chance(0.3)) {
      for (const [name, value] of prng.sample(EXTRA_FIELDS, prng.int(1, 2))) addOwn(body, name, structuredClone(value));
      what.push('extras');
    }
    if (prng.chance(0.05)) {
      const field = prng.pick(fields.filter((candidate) => candidate.text));
      setAt(body, field.path, HUGE);
      what.push(`${keyOf(field.path)}=huge`);
    }
    cases.push(bodyCase(endpoint, context, 'random mix', what.join(', '), body, applied, prng.chance(0.2) ? 2 : undefined));
  }
  return cases;
}
