// A scheduled function: records how it was called, and finishes its work after the answer.
import type { Config, Context } from '@netlify/functions';
import { recordFixtureEvent } from '../fixture-events';

export default async (request: Request, context: Context) => {
  const detail = {
    method: request.method,
    userAgent: request.headers.get('user-agent'),
    event: request.headers.get('x-nf-event'),
    body: (await request.json()) as unknown,
  };
  recordFixtureEvent({ fn: 'nightly-tally', what: 'called', detail });
  context.waitUntil(Promise.resolve().then(() => recordFixtureEvent({ fn: 'nightly-tally', what: 'tallied' })));
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };
