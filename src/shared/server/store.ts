/**
 * The one store module: every server module reaches Redis through this @upstash/redis client,
 * configured from UPSTASH_REDIS_REST_URL / UPSTASH_REDIS_REST_TOKEN (the local runtime points them
 * at its bridge). No other Redis client is used outside dev/ and tests.
 */
import { Redis } from '@upstash/redis';
import { createStoreRequester, StoreTransportError, type StoreRequester } from './store-requester';
import { missingStoreVariables, readStoreConfig, STORE_TIMEOUT_MS, type StoreConfig } from './env';

export type Store = Redis;

/** The store is not configured (no URL/token): answered 503; its message names what is missing, for the log. */
export class StoreUnconfiguredError extends Error {
  constructor(
    readonly missing: readonly string[],
    message = `${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set: the data store is not configured`,
  ) {
    super(message);
    this.name = 'StoreUnconfiguredError';
  }
}

/** The store did not answer (network failure, timeout, 5xx from the REST endpoint). */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The data store is unreachable.', { cause });
    this.name = 'StoreUnavailableError';
  }
}

let cached: { key: string; client: Redis; requester: StoreRequester } | null = null;

function createClient(config: StoreConfig): { client: Redis; requester: StoreRequester } {
  let requester: StoreRequester;
  try {
    // One quick retry for a dropped connection; a dead store fails fast (STORE_TIMEOUT_MS), not hanging the visitor.
    requester = createStoreRequester({ url: config.url, token: config.token, timeoutMs: STORE_TIMEOUT_MS });
  } catch (error) {
    throw new StoreUnconfiguredError(['UPSTASH_REDIS_REST_URL'], `UPSTASH_REDIS_REST_URL is not a valid store URL (${(error as Error).message})`);
  }
  return { client: new Redis(requester), requester };
}

/** The shared client for the current configuration (rebuilt if the environment changed, e.g. in tests). */
export function getStore(env: NodeJS.ProcessEnv = process.env): Store {
  const config = readStoreConfig(env);
  if (!config) throw new StoreUnconfiguredError(missingStoreVariables(env));
  const key = `${config.url}\n${config.token}`;
  if (cached?.key !== key) {
    cached?.requester.close();
    cached = { key, ...createClient(config) };
  }
  return cached.client;
}

/**
 * Runs store work, turning transport failures into StoreUnavailableError so callers answer 503.
 * Errors Redis itself reports (wrong type, script errors) are rethrown as they are.
 */
export async function withStore<T>(work: (store: Store) => Promise<T>): Promise<T> {
  const store = getStore();
  try {
    return await work(store);
  } catch (error) {
    if (isTransportFailure(error)) throw new StoreUnavailableError(error);
    throw error;
  }
}

/**
 * True when the failure is about reaching the store rather than a command Redis refused.
 * Transport failures arrive as StoreTransportError from the store's requester; an endpoint that
 * answered but cannot serve (wrong token, store down behind the REST endpoint, quota) answers an
 * UpstashError whose message says so. So does a Redis that is starting or failing over (LOADING,
 * MASTERDOWN, CLUSTERDOWN, TRYAGAIN) or busy with a long script (BUSY): it will serve again shortly.
 */
export function isTransportFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof StoreTransportError) return true;
  if (error.name === 'AbortError' || error.name === 'TimeoutError' || error instanceof TypeError) return true;
  if (error.name === 'UpstashJSONParseError') return true; // a proxy or gateway answered HTML, not the store
  if (error.name !== 'UpstashError') return /fetch failed|econnrefused|econnreset|exhausted all retries/i.test(error.message);
  if (/^(?:LOADING|BUSY|TRYAGAIN|MASTERDOWN|CLUSTERDOWN)\b/.test(error.message)) return true;
  return /unauthori[sz]ed|unreachable|service unavailable|timed? ?out|max (daily )?requests|too many requests/i.test(error.message);
}

/** One PING round trip. Resolves when the store answered PONG. */
export async function pingStore(): Promise<void> {
  const answer = await withStore((store) => store.ping());
  if (answer !== 'PONG') throw new StoreUnavailableError(new Error(`Unexpected PING answer: ${String(answer)}`));
}
