/**
 * The islands' one way to call the API: an endpoint of a contract (src/domain/api), its path
 * parameters and body, typed by that contract. Cookies are always included; a JSON body and its
 * content type are sent only when there is a body; no retries, no polling. A non-OK answer raises
 * ApiError, whose message is '<status>: <body text or status text>'.
 */
import type { ErrorAnswer } from '../shared/contract/common';
import { endpointUrl, type AnswerOf, type BodyOf, type Endpoint, type PathParams } from '../shared/contract/endpoint';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The `error` field of a JSON error body, if there is one. */
  get serverMessage(): string | undefined {
    return this.json()?.error?.toString() || undefined;
  }

  /** The JSON error body, or undefined when the body is not JSON. */
  json(): Partial<ErrorAnswer> | undefined {
    try {
      return (JSON.parse(this.bodyText) as Partial<ErrorAnswer> | null) ?? undefined;
    } catch {
      return undefined;
    }
  }
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** What a call names besides the endpoint: path parameters when its path has any, a body when it takes one. */
export type CallOf<E extends Endpoint> = (keyof PathParams<E['path']> extends never ? { params?: undefined } : { params: PathParams<E['path']> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> }) & {
    /** The browser's fetch unless a test passes its own. */
    fetcher?: FetchLike;
  };

/** Calls an endpoint and answers its parsed JSON (undefined for an empty body). */
export async function callApi<E extends Endpoint>(endpoint: E, ...[call]: {} extends CallOf<E> ? [call?: CallOf<E>] : [call: CallOf<E>]): Promise<AnswerOf<E>> {
  const init: RequestInit = { method: endpoint.method, credentials: 'include' };
  if (call?.body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(call.body);
  }
  const response = await (call?.fetcher ?? fetch)(endpointUrl(endpoint, call?.params), init);
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, text, response.statusText);
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as AnswerOf<E>;
}
