/** A stand-in for the browser's fetch in unit tests of islands' calls: answers in order, and records what was asked. */
import type { FetchLike } from '../../src/lib/api-client';

/** One answer: a status with a JSON body (text when a string), or no connection at all. */
export type FakeAnswer = { status: number; body?: unknown } | 'offline';

export type FakeFetch = FetchLike & { calls: Array<{ url: string; method: string | undefined; body: unknown }> };

/** Answers each call with the next answer; the last one repeats. */
export function fakeFetch(...answers: FakeAnswer[]): FakeFetch {
  const calls: FakeFetch['calls'] = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    const answer = answers[Math.min(calls.length, answers.length) - 1];
    if (answer === undefined || answer === 'offline') throw new TypeError('Failed to fetch');
    const text = answer.body === undefined ? null : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status });
  }) as FakeFetch;
  fetcher.calls = calls;
  return fetcher;
}
