/**
 * Server configuration read from the environment, in one place. Functions read settings only here.
 */
export interface StoreConfig {
  url: string;
  token: string;
}

/** The Upstash REST endpoint and token, or null when they are not set. */
export function readStoreConfig(env: NodeJS.ProcessEnv = process.env): StoreConfig | null {
  const url = env['UPSTASH_REDIS_REST_URL']?.trim();
  const token = env['UPSTASH_REDIS_REST_TOKEN']?.trim();
  if (!url || !token) return null;
  return { url, token };
}

/** Milliseconds a store call may take before the request fails with 503. */
export const STORE_TIMEOUT_MS = 5_000;
