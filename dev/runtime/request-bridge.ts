// The local runtime's HTTP server: each request goes to the warm function host (dev/function-host.ts)
// when a function's path matches it, else to the static site, in Netlify's order; the runtime's own
// control endpoint (/.netlify/local-runtime/, e.g. running a scheduled function) first. Its own answers
// (400 for a malformed address, 413 for a body over 6 MB, 500 when it fails) are JSON with the
// functions' security headers. Listens on loopback only: 127.0.0.1 and, when the machine has it, [::1].
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { FUNCTION_SECURITY_HEADERS } from '../../src/security/headers';
import { normalizeClientIp, type FunctionHost } from '../function-host';
import type { Scheduler } from '../functions/scheduler';
import { closeServer, listen } from '../http-server';
import { answerControl, CONTROL_PATH } from './control';
import { MALFORMED_ADDRESS } from '../../src/shared/server/request';
import { describe, warn } from './log';
import { notFoundPage, type StaticSite } from './static-site';
import { CONTENT_EDITOR_LOCAL_API } from '../../src/features/content-editor/config';

/** Request bodies above this are refused here as Netlify refuses them (its synchronous limit is 6 MB). */
const MAX_REQUEST_BODY_BYTES = 6 * 1024 * 1024;

class RequestTooLargeError extends Error {
  constructor() {
    super('request body larger than 6 MB');
  }
}

/** The whole request body, as Netlify hands it to a function (bodies are not streamed in). */
async function readRequestBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BODY_BYTES) throw new RequestTooLargeError();
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

async function toWebRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headersDistinct)) {
    // Netlify's own request headers (client IP, request id) are set by the platform, never by the client.
    if (name.startsWith('x-nf-')) continue;
    for (const item of value ?? []) headers.append(name, item);
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const body = hasBody ? await readRequestBody(req) : undefined;
  return new Request(new URL(req.url ?? '/', origin), { method, headers, body: body && body.length > 0 ? new Uint8Array(body.buffer, body.byteOffset, body.length) as Uint8Array<ArrayBuffer> : null });
}

async function sendWebResponse(response: Response, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (!response.body || req.method === 'HEAD') {
    await response.body?.cancel().catch(() => {});
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // Respect back-pressure: wait for the socket to drain (or close) before reading on.
      if (!res.write(value)) await Promise.race([new Promise((resolve) => res.once('drain', resolve)), closed]);
      if (res.destroyed) break;
    }
    res.end();
  } catch {
    res.destroy();
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** An answer of the runtime itself (not of a function or file), with the same security headers. */
function answerFromRuntime(res: ServerResponse, status: number, error: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...FUNCTION_SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify({ error }));
}

/**
 * Netlify's order: a function whose path matches wins (unless it prefers a static file that exists),
 * then redirects and static files with their headers, then the 404 page.
 */
/** The content editor's calls to its local backend (decap-server), passed on as they came. */
async function forwardToEditorBackend(backend: string, request: Request): Promise<Response> {
  const answer = await fetch(`${backend}/api/v1`, { method: request.method, headers: { 'content-type': request.headers.get('content-type') ?? 'application/json' }, body: request.method === 'POST' ? await request.arrayBuffer() : null });
  return new Response(answer.body, { status: answer.status, headers: { ...FUNCTION_SECURITY_HEADERS, 'content-type': answer.headers.get('content-type') ?? 'application/json', 'cache-control': 'no-store' } });
}

async function route({ site, functions, scheduler, origin, editorBackend }: RequestBridgeOptions, request: Request, clientIp: string): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (scheduler && pathname.startsWith(CONTROL_PATH)) return answerControl(scheduler, request);
  if (editorBackend && pathname === CONTENT_EDITOR_LOCAL_API) return forwardToEditorBackend(editorBackend, request);
  const found = functions.match(request.method, pathname);
  if (found && found.fn.preferStatic) {
    const result = await site.handleAndIntrospect(request.clone());
    if (result?.type === 'static') return result.response;
    await result?.response.body?.cancel().catch(() => {});
  }
  if (found) return functions.invoke(found, request, clientIp);
  return (await site.handle(request)) ?? (await notFoundPage(site, origin, request.method));
}

export interface RequestBridgeOptions {
  port: number;
  /** The site's address, e.g. http://localhost:8888. */
  origin: string;
  site: StaticSite;
  functions: FunctionHost;
  /** Runs the scheduled functions; the control endpoint answers only when it is given. */
  scheduler?: Scheduler;
  /** The content editor's local backend (decap-server), answering at /admin/content/api/v1 when given. */
  editorBackend?: string;
}

export interface RequestBridge {
  close(): Promise<void>;
}

export async function startRequestBridge(options: RequestBridgeOptions): Promise<RequestBridge> {
  const { port, origin } = options;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const request = await toWebRequest(req, origin);
      const response = await route(options, request, normalizeClientIp(req.socket.remoteAddress));
      await sendWebResponse(response, req, res);
    } catch (error) {
      if (error instanceof RequestTooLargeError) {
        answerFromRuntime(res, 413, 'The request body is too large.', { connection: 'close' });
      } else if (error instanceof URIError) {
        // A path with malformed percent-encoding (`/%ZZ`, `/%C0%AF`) that the static file lookup
        // cannot decode: the client's mistake, answered 400 as a CDN does, not a runtime failure.
        answerFromRuntime(res, 400, MALFORMED_ADDRESS);
      } else {
        warn(`${req.method} ${req.url}: ${describe(error)}`);
        if (!res.headersSent) answerFromRuntime(res, 500, 'Internal error in the local runtime.');
        else res.destroy();
      }
    }
  };

  const servers: Server[] = [];
  const close = async () => {
    await Promise.all(servers.map(closeServer));
  };
  try {
    // Loopback only, IPv4 and (when the machine has it) IPv6, so `localhost` works either way.
    const v4 = createServer((req, res) => void handle(req, res));
    servers.push(v4);
    await listen(v4, port, '127.0.0.1');
    const v6 = createServer((req, res) => void handle(req, res));
    try {
      await listen(v6, port, '::1');
      servers.push(v6);
    } catch (error) {
      // No IPv6 loopback here: 127.0.0.1 is enough. But if something else has [::1]:port, `localhost`
      // could reach it instead of us: refuse.
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        throw new Error(`port ${port} is already in use on [::1]: stop what is using it, or pass --port N (or set PORT)`);
      }
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { close };
}
