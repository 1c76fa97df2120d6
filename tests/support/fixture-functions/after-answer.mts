// Answers at once and keeps working after the answer (context.waitUntil): one job that finishes
// later, one that fails.
import type { Config, Context } from '@netlify/functions';
import { recordFixtureEvent } from '../fixture-events';

export default async (_request: Request, context: Context) => {
  context.waitUntil(
    new Promise<void>((resolve) => setTimeout(resolve, 200)).then(() => recordFixtureEvent({ fn: 'after-answer', what: 'finished after the answer' })),
  );
  context.waitUntil(Promise.reject(new Error('background job failed')));
  recordFixtureEvent({ fn: 'after-answer', what: 'answered' });
  return new Response('answered', { status: 202 });
};

export const config: Config = { path: '/fixture/after-answer' };
