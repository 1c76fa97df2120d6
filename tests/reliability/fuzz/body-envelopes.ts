// The valid fields in the wrong envelope: JSON that is not an object, malformed JSON, other encodings
// and content types, bodies past the limit, other methods, and (where the endpoint checks it) a
// foreign Origin. Each is refused before the fields are looked at.
import { gzipSync } from 'node:zlib';
import { keyOf, type BodyEndpoint, type FieldSpec, type JsonObject } from './body-endpoints';
import { describeValue, encoder, post, setAt } from './body-changes';
import { FOREIGN_ORIGIN, INVALID_JSON, methodCases, NOT_JSON, TOO_LARGE, type Expectation, type FuzzCase, type FuzzContext } from './case';
import { NON_OBJECT_BODIES } from './values';

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

/** The envelope cases of one endpoint, around its valid body. */
export function envelopeCases(endpoint: BodyEndpoint, context: FuzzContext, valid: JsonObject, fields: readonly FieldSpec[]): FuzzCase[] {
  const cases: FuzzCase[] = [];
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
