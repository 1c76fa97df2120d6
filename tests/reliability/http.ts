// Real HTTP requests to the local runtime (Node's fetch), each recorded for the summary.
import type { Part, Recorder } from './recorder';

export interface OutgoingRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as-is; a ReadableStream is sent chunked (no Content-Length). */
  body?: string | Uint8Array | ReadableStream<Uint8Array>;
  timeoutMs?: number;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  json: unknown;
}

export class NetworkError extends Error {
  constructor(
    readonly request: string,
    cause: unknown,
  ) {
    super(`${request}: no HTTP answer (${cause instanceof Error ? `${cause.name}: ${cause.message}${cause.cause instanceof Error ? ` (${cause.cause.message})` : ''}` : String(cause)})`, { cause });
    this.name = 'NetworkError';
  }
}

const encoder = new TextEncoder();

export class HttpClient {
  constructor(
    readonly base: string,
    private readonly recorder: Recorder,
  ) {}

  /** Sends one request; throws NetworkError when no HTTP answer came (recorded either way). */
  async send(part: Part, request: OutgoingRequest): Promise<Answer> {
    const body = typeof request.body === 'string' ? encoder.encode(request.body) : request.body;
    const init: RequestInit & { duplex?: 'half' } = {
      method: request.method,
      headers: request.headers ?? {},
      signal: AbortSignal.timeout(request.timeoutMs ?? 30_000),
      redirect: 'manual',
    };
    if (body instanceof ReadableStream) {
      init.body = body as ReadableStream<Uint8Array<ArrayBuffer>>;
      init.duplex = 'half';
    } else if (body !== undefined) {
      // A copy on its own ArrayBuffer (fetch's types want ArrayBuffer-backed views).
      init.body = new Uint8Array(body);
    }
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.base}${request.path}`, init);
      text = await response.text();
    } catch (error) {
      this.recorder.record(part, null);
      throw new NetworkError(`${request.method} ${request.path.slice(0, 120)}`, error);
    }
    this.recorder.record(part, response.status);
    let json: unknown;
    if (/json/i.test(response.headers.get('content-type') ?? '')) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    return { status: response.status, headers: response.headers, text, json };
  }
}

/** Runs `work` over `items` with at most `limit` in flight; results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
