/**
 * JSON records stored one per key, read in one round trip that answers ONE string (a JSON array of
 * the stored texts, encoded by Redis' cjson): the REST protocol encodes and decodes every value
 * separately, which costs far more than the work itself at thousands of records. The records are
 * decoded here, where a record that is not a JSON object is skipped.
 */
import type { Store } from './store';
import { defineScript } from './script';
import { runReads, scriptCall, type StoreRead } from './store-read';

/**
 * Lua helpers for scripts that read records: `batched` runs a command over a list of arguments in
 * batches of 1,000 (Lua's unpack is bounded) and joins the replies in order; `encodeList` encodes a
 * list, empty or not, as a JSON array (cjson encodes an empty table as {}).
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
local function encodeList(list)
  if #list == 0 then return '[]' end
  return cjson.encode(list)
end
`;

const jsonRecordsScript = defineScript({
  name: 'json records',
  keys: [],
  args: {},
  variadicKeys: 'recordKeys',
  lua: `${RECORD_LUA}
local found = {}
for _, json in ipairs(batched(function(...) return redis.call('MGET', ...) end, recordKeys)) do
  if json then found[#found + 1] = json end
end
return encodeList(found)`,
});

/** Reading the JSON object records at `keys`, in their order; missing keys and other values are skipped. */
export function jsonRecordsRead<T>(keys: readonly string[]): StoreRead<T[]> {
  return {
    ...(keys.length > 0 ? { call: scriptCall(jsonRecordsScript, { keys: { recordKeys: [...keys] }, args: {} }) } : {}),
    read: (answer) => parseList<unknown>(answer).map(parseRecord).filter((record) => record !== null) as T[],
  };
}

/** The JSON object records at `keys`, in their order; missing keys and other values are skipped. */
export async function jsonRecords<T>(store: Store, keys: readonly string[]): Promise<T[]> {
  const [records] = await runReads(store, [jsonRecordsRead<T>(keys)]);
  return records;
}

/** A script's JSON answer (the client may have decoded it already). */
export function parseAnswer(answer: unknown): unknown {
  return typeof answer === 'string' ? (JSON.parse(answer) as unknown) : answer;
}

/** A script's JSON-array answer; an empty list for anything else (cjson writes an empty list as {}). */
export function parseList<T>(answer: unknown): T[] {
  const parsed = parseAnswer(answer);
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}

/** A stored text as the JSON object it holds, or null when it holds none. */
export function parseRecord(text: unknown): Record<string, unknown> | null {
  if (typeof text !== 'string') return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
