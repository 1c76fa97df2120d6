/**
 * The islands' one way to call the API (spec section 7): cookies always included, a JSON body and
 * content type only when there is a body, no retries, no polling. A non-OK answer raises
 * Error('<status>: <body text or status text>') (spec section 8).
 */
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
    return this.json<{ error?: unknown }>()?.error?.toString() || undefined;
  }

  /** The parsed JSON error body, or undefined when the body is not JSON. */
  json<T>(): T | undefined {
    try {
      return JSON.parse(this.bodyText) as T;
    } catch {
      return undefined;
    }
  }
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export async function apiRequest<T>(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, fetcher: FetchLike = fetch): Promise<T> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const response = await fetcher(url, init);
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, text, response.statusText);
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** GET by query key: segments joined with slashes (spec section 7, default data reads). */
export function apiGet<T>(queryKey: readonly string[], fetcher?: FetchLike): Promise<T> {
  return apiRequest<T>('GET', queryKey.join('/'), undefined, fetcher);
}

export const apiPost = <T>(url: string, body?: unknown, fetcher?: FetchLike) => apiRequest<T>('POST', url, body, fetcher);
export const apiDelete = <T>(url: string, fetcher?: FetchLike) => apiRequest<T>('DELETE', url, undefined, fetcher);
