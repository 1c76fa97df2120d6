/**
 * Ids kept in a sorted-set index (score = time), read in one round trip that answers ONE string (a
 * JSON array) rather than one value per id: the REST protocol encodes and decodes every value
 * separately, which costs far more than the work itself at thousands of ids.
 */
import { parseList } from './json-records';
import { defineScript } from './script';
import type { Store } from './store';
import { runReads, scriptCall, type StoreRead } from './store-read';

const newestIdsScript = defineScript({
  name: 'newest ids',
  keys: ['index'],
  args: { lastRank: 'number' },
  lua: `
local ids = redis.call('ZREVRANGE', index, 0, lastRank)
if #ids == 0 then return '[]' end
return cjson.encode(ids)`,
});

/** Reading the ids of a sorted set, highest score (newest) first; `limit` undefined = all. */
export function newestIdsRead(key: string, limit?: number): StoreRead<string[]> {
  return {
    call: scriptCall(newestIdsScript, { keys: { index: key }, args: { lastRank: limit === undefined ? -1 : limit - 1 } }),
    read: (answer) => parseList<unknown>(answer).map(String),
  };
}

/** Ids of a sorted set, highest score (newest) first; `limit` undefined = all. */
export async function newestIds(store: Store, key: string, limit?: number): Promise<string[]> {
  const [ids] = await runReads(store, [newestIdsRead(key, limit)]);
  return ids;
}
