// Stripe request parameters: application/x-www-form-urlencoded bodies (and query strings) with
// bracket nesting, as the `stripe` SDK writes them: `line_items[0][price]=…`, `metadata[k]=v`,
// `expand[]=…`, `expand[0]=…`. Plus typed readers that answer Stripe's own error messages.
import { StripeApiError } from './errors';

export type Param = string | Param[] | ParamObject;
export interface ParamObject {
  [key: string]: Param;
}

function splitKey(key: string): string[] | null {
  const first = key.indexOf('[');
  if (first === -1) return [key];
  const parts = [key.slice(0, first)];
  const rest = key.slice(first);
  const pattern = /\[([^\][]*)\]/g;
  let consumed = 0;
  for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
    if (match.index !== consumed) return null;
    parts.push(match[1] ?? '');
    consumed = match.index + match[0].length;
  }
  return consumed === rest.length ? parts : null;
}

/** Objects whose keys are all array indexes become arrays (in index order). */
function normalise(value: Param): Param {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(normalise);
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => normalise(value[String(index)] as Param));
  }
  const result: ParamObject = {};
  for (const key of keys) result[key] = normalise(value[key] as Param);
  return result;
}

export function parseParams(encoded: string): ParamObject {
  const root: ParamObject = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const parts = splitKey(rawKey);
    if (!parts || parts[0] === '') {
      throw new StripeApiError(400, `Invalid parameter name: ${rawKey}`, { code: 'parameter_invalid_string', param: rawKey });
    }
    let container: ParamObject | Param[] = root;
    for (let index = 0; index < parts.length; index += 1) {
      const part = parts[index] as string;
      const last = index === parts.length - 1;
      if (Array.isArray(container)) {
        // `expand[]=a`: append
        if (last) container.push(value);
        else {
          const next: ParamObject = {};
          container.push(next);
          container = next;
        }
        continue;
      }
      if (last) {
        container[part] = value;
        break;
      }
      const nextIsAppend = parts[index + 1] === '';
      let next: Param | undefined = container[part];
      if (next === undefined || typeof next === 'string') {
        next = nextIsAppend ? [] : {};
        container[part] = next;
      }
      if (nextIsAppend && !Array.isArray(next)) {
        throw new StripeApiError(400, `Invalid array: ${rawKey}`, { code: 'parameter_invalid_string', param: rawKey });
      }
      container = next as ParamObject | Param[];
    }
  }
  return normalise(root) as ParamObject;
}

/** Reads typed values out of parsed parameters; `path` names the parameter in error messages. */
export class Params {
  constructor(
    readonly raw: ParamObject,
    readonly path = '',
  ) {}

  private name(key: string): string {
    return this.path ? `${this.path}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined;
  }

  keys(): string[] {
    return Object.keys(this.raw);
  }

  /** Refuses parameters Stripe does not know for this call (the list comes from the SDK's types). */
  allowOnly(known: readonly string[]): void {
    for (const key of Object.keys(this.raw)) {
      if (!known.includes(key)) {
        throw new StripeApiError(400, `Received unknown parameter: ${this.name(key)}`, { code: 'parameter_unknown', param: this.name(key) });
      }
    }
  }

  string(key: string): string | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') {
      throw new StripeApiError(400, `Invalid string: ${JSON.stringify(value)}`, { code: 'parameter_invalid_string', param: this.name(key) });
    }
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined || value === '') {
      throw new StripeApiError(400, `Missing required param: ${this.name(key)}.`, { code: 'parameter_missing', param: this.name(key) });
    }
    return value;
  }

  integer(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined || value === '') return undefined;
    if (!/^-?\d+$/.test(value)) {
      throw new StripeApiError(400, `Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param: this.name(key) });
    }
    return Number(value);
  }

  number(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined || value === '') return undefined;
    const parsed = Number(value);
    if (!Number.isFinite(parsed)) {
      throw new StripeApiError(400, `Invalid decimal: ${value}`, { code: 'parameter_invalid_decimal', param: this.name(key) });
    }
    return parsed;
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw new StripeApiError(400, `Invalid boolean: ${value}`, { code: 'parameter_invalid_string', param: this.name(key) });
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      throw new StripeApiError(400, `Invalid ${this.name(key)}: must be one of ${allowed.join(', ')}`, { code: 'parameter_invalid_string', param: this.name(key) });
    }
    return value as T;
  }

  object(key: string): Params | undefined {
    const value = this.raw[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value === 'string' || Array.isArray(value)) {
      throw new StripeApiError(400, `Invalid object`, { code: 'parameter_invalid_string', param: this.name(key) });
    }
    return new Params(value, this.name(key));
  }

  /** An array of objects (`line_items[0][price]`), each wrapped for typed reads. */
  objects(key: string): Params[] | undefined {
    const value = this.raw[key];
    if (value === undefined || value === '') return undefined;
    if (!Array.isArray(value)) {
      throw new StripeApiError(400, `Invalid array`, { code: 'parameter_invalid_string', param: this.name(key) });
    }
    return value.map((item, index) => {
      if (typeof item === 'string' || Array.isArray(item)) {
        throw new StripeApiError(400, `Invalid object`, { code: 'parameter_invalid_string', param: `${this.name(key)}[${index}]` });
      }
      return new Params(item, `${this.name(key)}[${index}]`);
    });
  }

  strings(key: string): string[] | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (value === '') return [];
    if (typeof value === 'string') return [value];
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
      throw new StripeApiError(400, `Invalid array`, { code: 'parameter_invalid_string', param: this.name(key) });
    }
    return value as string[];
  }

  /** `metadata[k]=v`; an empty value deletes the key on update; `metadata=` clears all. */
  metadata(key = 'metadata'): Record<string, string> | '' | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (value === '') return '';
    if (typeof value === 'string' || Array.isArray(value)) {
      throw new StripeApiError(400, 'Invalid hash', { code: 'parameter_invalid_string', param: this.name(key) });
    }
    const result: Record<string, string> = {};
    const entries = Object.entries(value);
    if (entries.length > 50) throw new StripeApiError(400, 'Invalid metadata: metadata may contain at most 50 keys.', { param: this.name(key) });
    for (const [metaKey, metaValue] of entries) {
      if (typeof metaValue !== 'string') {
        throw new StripeApiError(400, `Invalid metadata value for key ${metaKey}: must be a string.`, { param: `${this.name(key)}[${metaKey}]` });
      }
      if (metaKey.length > 40) {
        throw new StripeApiError(400, `Invalid metadata: keys can be at most 40 characters long (${metaKey}).`, { param: `${this.name(key)}[${metaKey}]` });
      }
      if (metaValue.length > 500) {
        throw new StripeApiError(400, `Invalid metadata: values can be at most 500 characters long (${metaKey}).`, { param: `${this.name(key)}[${metaKey}]` });
      }
      result[metaKey] = metaValue;
    }
    return result;
  }
}

/** Applies a metadata parameter to existing metadata the way Stripe does on update. */
export function mergeMetadata(current: Record<string, string>, update: Record<string, string> | '' | undefined): Record<string, string> {
  if (update === undefined) return current;
  if (update === '') return {};
  const next = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}
