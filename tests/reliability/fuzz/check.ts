// Whether an answer is what a fuzz case expects: status, the JSON error shape a visitor can read
// (never internal text), the fields named, the Allow header, the function headers.
import { isDeepStrictEqual } from 'node:util';
import type { Answer } from '../http';
import type { Expectation } from './case';

/** Text that must never reach a visitor: stack frames, file names, library and error class names, secrets. */
const INTERNAL_TEXT = /\bat \S+ \(|\.(?:ts|js|mjs|cjs):\d+|node_modules|(?:Type|Reference|Syntax|Range)Error|Upstash|ECONN|\bredis\b|Unexpected token|\[object Object\]|stripe\.com|api_key|sk_test|whsec_|Lua|EVALSHA/i;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function matches(text: string, expected: string | RegExp): boolean {
  return typeof expected === 'string' ? text === expected : expected.test(text);
}

/** Problems with the answer (empty when it is as expected). */
export function checkAnswer(expect: Expectation, answer: Answer): string[] {
  const problems: string[] = [];
  const body = answer.text.length > 300 ? `${answer.text.slice(0, 300)}…` : answer.text;
  if (!expect.status.includes(answer.status)) {
    return [`status ${answer.status}, expected ${expect.status.join(' or ')}: ${body}`];
  }
  if (expect.allow !== undefined && answer.headers.get('allow') !== expect.allow) problems.push(`Allow "${answer.headers.get('allow')}", expected "${expect.allow}"`);
  if (expect.kind === 'none') return problems;
  if (expect.kind === 'page') {
    if (!/text\/html/.test(answer.headers.get('content-type') ?? '')) problems.push(`expected the 404 page, got ${answer.headers.get('content-type')}: ${body}`);
    return problems;
  }
  // A function's answer: JSON, not cached, not sniffed.
  if (!/^application\/json/.test(answer.headers.get('content-type') ?? '')) problems.push(`content-type ${answer.headers.get('content-type')}`);
  if (answer.headers.get('cache-control') !== 'no-store') problems.push(`cache-control ${answer.headers.get('cache-control')}`);
  if (answer.headers.get('x-content-type-options') !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  if (INTERNAL_TEXT.test(answer.text)) problems.push(`internal text in the answer: ${body}`);
  const json = answer.json;
  if (!isObject(json)) return [...problems, `not a JSON object: ${body}`];
  if (expect.body !== undefined && !isDeepStrictEqual(json, expect.body)) problems.push(`body ${body}, expected ${JSON.stringify(expect.body)}`);
  if (expect.kind !== 'error') return problems;

  const error = json['error'];
  if (typeof error !== 'string' || error.trim() === '') return [...problems, `no error message: ${body}`];
  if (expect.error !== undefined && !matches(error, expect.error)) problems.push(`error "${error}", expected ${String(expect.error)}`);
  if (expect.fields) {
    const fields = json['fields'];
    if (!isObject(fields)) return [...problems, `no fields in ${body}`];
    for (const [key, message] of Object.entries(expect.fields)) {
      if (!(key in fields)) problems.push(`fields has no ${key}: ${JSON.stringify(fields).slice(0, 300)}`);
      else if (typeof fields[key] !== 'string') problems.push(`fields.${key} is not a message`);
      else if (message !== undefined && fields[key] !== message) problems.push(`fields.${key} "${String(fields[key])}", expected "${message}"`);
    }
    if (!Object.values(fields).includes(error)) problems.push(`error "${error}" is none of the field messages`);
  }
  return problems;
}
