// Reading requests and writing answers for the emulator's HTTP server.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StripeApiError } from './errors';
import type { PageResult } from './pages';

const MAX_BODY_BYTES = 1024 * 1024;

/** The request body as text; rejects with a 413 StripeApiError past 1 MB. */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new StripeApiError(413, 'Request body too large.'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Every answer is sized and never cached. */
export function send(response: ServerResponse, status: number, body: string, headers: Record<string, string>): void {
  response.writeHead(status, { 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-store', ...headers });
  response.end(body);
}

/** A hosted page, or its redirect; pages are never indexed. */
export function sendPage(response: ServerResponse, result: PageResult): void {
  if (result.redirect) {
    send(response, result.status, '', { location: result.redirect });
    return;
  }
  send(response, result.status, result.html ?? '', { 'content-type': 'text/html; charset=utf-8', 'x-robots-tag': 'noindex' });
}
