// Bad bodies made from a valid one: a field set to another type, removed, or given a value its schema
// refuses, and the answer each change must get (413 above the limit, 400 naming the broken fields, the
// endpoint's own refusal, or what a well-formed body gets where sending one writes nothing).
import type { Prng } from '../prng';
import { keyOf, type BodyEndpoint, type FieldPath, type FieldSpec, type JsonObject, type Refusal } from './body-endpoints';
import { TOO_LARGE, type Expectation, type FuzzCase, type FuzzContext } from './case';
import { ODD_TEXT, WRONG_TYPES } from './values';

/** One change made to a valid body, and how the API must take it. */
export interface Applied {
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

export function setAt(body: JsonObject, path: FieldPath, value: unknown): void {
  (parentOf(body, path) as Record<string | number, unknown>)[path.at(-1)!] = value;
}

export function removeAt(body: JsonObject, path: FieldPath): void {
  delete (parentOf(body, path) as Record<string | number, unknown>)[path.at(-1)!];
}

/** Adds an own enumerable property (so even `__proto__` is serialized as a field). */
export function addOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const wrongType = (field: FieldSpec): Applied => ({ key: keyOf(field.path), level: 'schema', message: field.message });

export const refused = (field: FieldSpec, refusal: Refusal): Applied => ({
  key: refusal.key ?? keyOf(field.path),
  level: refusal.level ?? 'schema',
  message: refusal.message,
  status: refusal.status,
  error: refusal.error,
  named: refusal.named,
});

export const leaves = (fields: readonly FieldSpec[]) => fields.filter((field) => !field.container);

/** Breaks one field in a way its schema refuses (a refused value, another type, or removing it). */
export function breakField(prng: Prng, body: JsonObject, field: FieldSpec): Applied {
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

export const encoder = new TextEncoder();

/** What the endpoint must answer to a body of `bytes` bytes carrying these changes. */
export function expectation(endpoint: BodyEndpoint, bytes: number, applied: readonly Applied[]): Expectation {
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
  return { status: endpoint.wellFormed, kind: endpoint.wellFormedAnswer ?? 'error' };
}

export function post(endpoint: BodyEndpoint, context: FuzzContext, body: string | Uint8Array, headers: Record<string, string> = {}): FuzzCase['request'] {
  return { method: 'POST', path: endpoint.path, headers: { 'content-type': 'application/json', origin: context.origin, ...headers }, body };
}

export function bodyCase(endpoint: BodyEndpoint, context: FuzzContext, category: string, what: string, body: JsonObject, applied: readonly Applied[], indent?: number): FuzzCase {
  const text = JSON.stringify(body, null, indent);
  return {
    category,
    label: `POST ${endpoint.path}: ${what}`,
    request: post(endpoint, context, text),
    expect: expectation(endpoint, encoder.encode(text).length, applied),
  };
}

/** Another leaf field than `field`, broken so the request is refused whatever `field` holds. */
export function breakAnother(prng: Prng, body: JsonObject, fields: readonly FieldSpec[], field: FieldSpec | null): Applied | null {
  const others = leaves(fields).filter((other) => other !== field && (other.required || other.refusals.some((refusal) => (refusal.level ?? 'schema') === 'schema')));
  if (others.length === 0) return null;
  return breakField(prng, body, prng.pick(others));
}

export function describeValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length})` : text;
}
