/**
 * Request helpers shared by the functions: JSON bodies checked against a zod schema, the client's
 * IP, route parameters, the site's public address, and HttpError for answers decided mid-way.
 */
import type { z } from 'zod';
import { fieldErrors } from '../contract/field-errors';
import { readSiteUrl } from './env';

/** An answer decided mid-way: `handle()` turns it into a JSON error response. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** What handlers use of Netlify's function context (tests pass a partial one or none). */
export interface FunctionContext {
  ip?: string;
  params?: Record<string, string | undefined>;
  /** Keeps work going after the answer (Netlify Functions v2); absent where the caller offers none. */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** Default body limit: far above any form of the site. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

export const INVALID_JSON_MESSAGE = 'The request body is not valid JSON.';

/**
 * Reads a JSON body and validates it: 415 when the content type is not JSON, 413 when the body is
 * larger than maxBytes, 400 for malformed JSON, 400 `{ error, fields }` when the schema refuses it
 * (`error` is the first field's message, so a toast shows something a visitor can act on).
 */
export async function readJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  options: { maxBytes?: number } = {},
): Promise<z.output<Schema>> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BODY_BYTES;
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType.trim())) {
    throw new HttpError(415, 'Send the request body as JSON (Content-Type: application/json).');
  }
  const text = await readText(request, maxBytes);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new HttpError(400, INVALID_JSON_MESSAGE);
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    throw new HttpError(400, Object.values(fields)[0] ?? 'Invalid input', { fields });
  }
  return result.data;
}

const UTF8 = new TextDecoder();

/** The body as text, refusing (413) anything above maxBytes without reading it all. */
export async function readText(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = () => new HttpError(413, `The request body is too large (limit ${maxBytes} bytes).`);
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return UTF8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
}

/** The client's IP: Netlify's context.ip, else x-nf-client-connection-ip, else the first x-forwarded-for; 'unknown' otherwise. */
export function clientIp(request: Request, context?: FunctionContext): string {
  const fromContext = context?.ip?.trim();
  if (fromContext) return fromContext;
  const netlify = request.headers.get('x-nf-client-connection-ip')?.trim();
  if (netlify) return netlify;
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || 'unknown';
}

/** The answer to an address whose percent-encoding cannot be decoded (a CDN answers 400 too). */
export const MALFORMED_ADDRESS = 'The address is malformed.';

/**
 * A named route parameter of the function's config.path ('/api/x/:id'), decoded: Netlify's
 * context.params hands it over as sent, percent-encoded. Undefined when absent; a 400 when its
 * encoding is broken, so a broken id is never mistaken for no id.
 */
export function routeParam(context: FunctionContext | undefined, name: string): string | undefined {
  const raw = context?.params?.[name];
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new HttpError(400, MALFORMED_ADDRESS);
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK.has(url.hostname);
}

/**
 * Where Stripe sends the visitor back to: the request's own origin on local runs (any port the
 * local runtime uses), else SITE_URL / Netlify's URL, else the request's origin.
 */
export function siteUrl(request: Request, env: NodeJS.ProcessEnv = process.env): string {
  const url = new URL(request.url);
  if (isLoopbackUrl(url)) return url.origin;
  return readSiteUrl(env) ?? url.origin;
}
