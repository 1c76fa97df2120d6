/**
 * Reading a sorted-set index of ids in one round trip that answers ONE string (a JSON array) rather
 * than one value per id: the REST protocol encodes and decodes every value separately, which costs
 * far more than the work itself at thousands of ids.
 */
import type { Store } from './store';

const NEWEST_IDS_SCRIPT = `
local ids = redis.call('ZREVRANGE', KEYS[1], 0, tonumber(ARGV[1]))
if #ids == 0 then return '[]' end
return '["' .. table.concat(ids, '","') .. '"]'
`;

/** Ids of a sorted set, highest score (newest) first; `limit` undefined = all. Ids must not contain quotes or backslashes. */
export async function newestIds(store: Store, key: string, limit?: number): Promise<string[]> {
  const answer = await store.eval<[number], unknown>(NEWEST_IDS_SCRIPT, [key], [limit === undefined ? -1 : limit - 1]);
  const parsed = typeof answer === 'string' ? (JSON.parse(answer) as unknown) : answer;
  return Array.isArray(parsed) ? parsed.map(String) : [];
}

/**
 * JSON records stored at `keys` (declared to the script), joined into one JSON array string by
 * Redis; missing keys are skipped. Records must be JSON objects.
 */
const JSON_RECORDS_SCRIPT = `
local out = {}
for first = 1, #KEYS, 1000 do
  local last = math.min(first + 999, #KEYS)
  local batch = {}
  for i = first, last do batch[#batch + 1] = KEYS[i] end
  local values = redis.call('MGET', unpack(batch))
  for j = 1, #values do
    if values[j] then out[#out + 1] = values[j] end
  end
end
return '[' .. table.concat(out, ',') .. ']'
`;

export async function jsonRecords<T>(store: Store, keys: readonly string[]): Promise<T[]> {
  if (keys.length === 0) return [];
  const answer = await store.eval<[], unknown>(JSON_RECORDS_SCRIPT, [...keys], []);
  const parsed = typeof answer === 'string' ? (JSON.parse(answer) as unknown) : answer;
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}
