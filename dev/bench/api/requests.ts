// What the API benchmark sends: requests as a browser on the site would (origin, cookie, JSON body),
// the run's admin password, and the sample event booking.
import { randomUUID } from 'node:crypto';
import { sampleBooking } from '../../../tests/support/sample-requests';

/** A function as the bench calls it: a request and Netlify's context (the client's ip, route parameters). */
export type Handler = (request: Request, context?: unknown) => Promise<Response>;

export const ORIGIN = 'http://localhost:8888';
/** This run's admin password, given to the functions and to the local runtime. */
export const ADMIN_PASSWORD = `bench-${randomUUID()}`;

export function request(path: string, init: { method?: string; body?: unknown; cookie?: string; raw?: string; headers?: Record<string, string> } = {}): Request {
  const method = init.method ?? (init.body !== undefined || init.raw !== undefined ? 'POST' : 'GET');
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['origin'] = ORIGIN;
  if (init.cookie) headers['cookie'] = init.cookie;
  return new Request(`${ORIGIN}${path}`, { method, headers, ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : init.raw !== undefined ? { body: init.raw } : {}) });
}

/** A distinct sample event booking per index. */
export const booking = (index: number) => sampleBooking(`bench-${index}`);
