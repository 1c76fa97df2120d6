/**
 * JSON records stored one per key, read in one round trip that answers ONE string (a JSON array),
 * decoded and encoded by Redis' cjson: the REST protocol encodes and decodes every value separately,
 * which costs far more than the work itself at thousands of records.
 */
import type { Store } from './store';

/**
 * Lua helpers for scripts that read records: `batched` runs a command over a list of arguments in
 * batches of 1,000 (Lua's unpack is bounded) and joins the replies in order; `decoded` is a stored
 * JSON object as a table, or false when the key is missing or holds no JSON object; `encodeList`
 * encodes a list, empty or not, as a JSON array (cjson encodes an empty table as {}).
 */
export const RECORD_LUA = `
local function batched(call, list)
  local replies = {}
  for first = 1, #list, 1000 do
    local part = call(unpack(list, first, math.min(first + 999, #list)))
    for offset = 1, #part do replies[first + offset - 1] = part[offset] end
  end
  return replies
end
local function decoded(json)
  if not json then return false end
  local ok, record = pcall(cjson.decode, json)
  if ok and type(record) == 'table' then return record end
  return false
end
local function encodeList(list)
  if #list == 0 then return '[]' end
  return cjson.encode(list)
end
`;

const JSON_RECORDS_SCRIPT = `${RECORD_LUA}
local records = {}
for _, json in ipairs(batched(function(...) return redis.call('MGET', ...) end, KEYS)) do
  local record = decoded(json)
  if record then records[#records + 1] = record end
end
return encodeList(records)
`;

/** The JSON object records at `keys`, in their order; missing keys are skipped. */
export async function jsonRecords<T>(store: Store, keys: readonly string[]): Promise<T[]> {
  if (keys.length === 0) return [];
  return parseList<T>(await store.eval<[], unknown>(JSON_RECORDS_SCRIPT, [...keys], []));
}

/** A script's JSON-array answer (the client may have decoded it already). */
export function parseList<T>(answer: unknown): T[] {
  const parsed = typeof answer === 'string' ? (JSON.parse(answer) as unknown) : answer;
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}
