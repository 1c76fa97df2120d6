/**
 * The store reads record families are read with, each one script whose answer is ONE string (the REST
 * protocol encodes every value separately, which costs more than the work at thousands of records):
 * a sorted index with its scores, a hash, a list, and the texts at a list of keys; and the records an
 * index names, read with two of them.
 */
import { parseList, parseRecord, RECORD_LUA } from '../server/json-records';
import { defineScript } from '../server/script';
import { scriptCall, type StoreRead } from '../server/store-read';
import type { StoredRecord, StoreReader } from './registry';

const scoredScript = defineScript({
  name: 'scored index',
  keys: ['index'],
  args: {},
  lua: `
local flat = redis.call('ZRANGE', index, 0, -1, 'WITHSCORES')
if #flat == 0 then return '[]' end
local list = {}
for i = 1, #flat, 2 do list[#list + 1] = { flat[i], flat[i + 1] } end
return cjson.encode(list)`,
});

/** A read command answering a flat list (HGETALL, LRANGE …) on one key, its other arguments after it. */
const flatScript = defineScript({
  name: 'flat read',
  keys: ['key'],
  args: { command: 'string' },
  variadicArgs: 'rest',
  lua: `
local flat = redis.call(command, key, unpack(rest))
if #flat == 0 then return '[]' end
return cjson.encode(flat)`,
});

const textsScript = defineScript({
  name: 'texts',
  keys: [],
  args: {},
  variadicKeys: 'textKeys',
  lua: `${RECORD_LUA}
local texts = batched(function(...) return redis.call('MGET', ...) end, textKeys)
local found = {}
for i = 1, #textKeys do found[i] = texts[i] or false end
return encodeList(found)`,
});

/** The members of a sorted set with their scores, lowest score first. */
export function scoredIndexRead(key: string): StoreRead<Array<[member: string, score: number]>> {
  return {
    call: scriptCall(scoredScript, { keys: { index: key }, args: {} }),
    read: (answer) =>
      parseList<unknown>(answer).flatMap((pair) => (Array.isArray(pair) && pair.length === 2 ? [[String(pair[0]), Number(pair[1])] as [string, number]] : [])),
  };
}

/** A hash's fields and values. */
export function hashRead(key: string): StoreRead<Map<string, string>> {
  return {
    call: scriptCall(flatScript, { keys: { key }, args: { command: 'HGETALL', rest: [] } }),
    read: (answer) => {
      const flat = parseList<unknown>(answer);
      const map = new Map<string, string>();
      for (let i = 0; i + 1 < flat.length; i += 2) map.set(String(flat[i]), String(flat[i + 1]));
      return map;
    },
  };
}

/** A list's items, first to last. */
export function listRead(key: string): StoreRead<string[]> {
  return { call: scriptCall(flatScript, { keys: { key }, args: { command: 'LRANGE', rest: [0, -1] } }), read: (answer) => parseList<unknown>(answer).map(String) };
}

/** The texts stored at `keys`, in their order: null where a key holds none. */
export function textsRead(keys: readonly string[]): StoreRead<Array<string | null>> {
  return {
    ...(keys.length > 0 ? { call: scriptCall(textsScript, { keys: { textKeys: [...keys] }, args: {} }) } : {}),
    read: (answer) => {
      const texts = parseList<unknown>(answer);
      return keys.map((_, index) => (typeof texts[index] === 'string' ? (texts[index] as string) : null));
    },
  };
}

/** A record an index names, with its score there. */
export interface IndexedRecord {
  id: string;
  score: number;
  record: StoredRecord;
}

/**
 * The records a sorted index names, in its order: two steps (the index, then the records at
 * `recordKey(id)`). An id whose record is missing, not a JSON object or not carrying that id is left
 * out, its key in `skipped`.
 */
export async function readIndexedRecords(reader: StoreReader, indexKey: string, recordKey: (id: string) => string): Promise<{ found: IndexedRecord[]; skipped: string[] }> {
  const index = await reader.read(scoredIndexRead(indexKey));
  const texts = await reader.read(textsRead(index.map(([id]) => recordKey(id))));
  const found: IndexedRecord[] = [];
  const skipped: string[] = [];
  index.forEach(([id, score], position) => {
    const record = parseRecord(texts[position]);
    if (record && record['id'] === id) found.push({ id, score, record: record as StoredRecord });
    else skipped.push(recordKey(id));
  });
  return { found, skipped };
}
