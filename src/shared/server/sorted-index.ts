/**
 * Ids kept in a sorted-set index (score = time), read in one round trip that answers ONE string (a
 * JSON array) rather than one value per id: the REST protocol encodes and decodes every value
 * separately, which costs far more than the work itself at thousands of ids.
 */
import { parseList } from './json-records';
import type { Store } from './store';
import { runReads, type StoreRead } from './store-read';

const NEWEST_IDS_SCRIPT = `
local indexKey = KEYS[1]
local lastRank = tonumber(ARGV[1])
local ids = redis.call('ZREVRANGE', indexKey, 0, lastRank)
if #ids == 0 then return '[]' end
return cjson.encode(ids)
`;

/** Reading the ids of a sorted set, highest score (newest) first; `limit` undefined = all. */
export function newestIdsRead(key: string, limit?: number): StoreRead<string[]> {
  return {
    call: { script: NEWEST_IDS_SCRIPT, keys: [key], args: [limit === undefined ? -1 : limit - 1] },
    read: (answer) => parseList<unknown>(answer).map(String),
  };
}

/** Ids of a sorted set, highest score (newest) first; `limit` undefined = all. */
export async function newestIds(store: Store, key: string, limit?: number): Promise<string[]> {
  const [ids] = await runReads(store, [newestIdsRead(key, limit)]);
  return ids;
}
