/**
 * The venue's data read from and written to the store as one file (format.ts), family by family
 * (registry.ts): what each reads and how each restores its records is its own; this module runs them.
 *
 * Reading pipelines every family's reads together (read-batch.ts): two round trips for families that
 * read an index and then its records. Writing is one script, so an import lands whole or not at all.
 */
import { VENUE_DATA_FORMAT, VENUE_DATA_VERSION, type VenueData } from './format';
import { ReadBatch } from './read-batch';
import type { RecordFamilies, StoreWrite } from './registry';
import { defineScript } from '../server/script';
import { withStore } from '../server/store';

export interface ReadReport {
  data: VenueData;
  /** Keys of stored records that are missing or not readable as their family's entries (left out of the file). */
  skipped: string[];
}

/** Everything the families hold, as the file holds it. */
export async function readVenueData(families: RecordFamilies): Promise<ReadReport> {
  return withStore(async (store) => {
    const reader = new ReadBatch(store);
    const reads = await Promise.all(families.map((family) => family.read(reader)));
    const records = Object.fromEntries(families.map((family, index) => [family.name, reads[index]!.entries]));
    return { data: { format: VENUE_DATA_FORMAT, version: VENUE_DATA_VERSION, records }, skipped: reads.flatMap((read) => read.skipped) };
  });
}

/** The store holds data and the import was not told to replace it. */
export class StoreNotEmptyError extends Error {
  constructor() {
    super('The store already holds venue data: import into an empty store, or replace what it holds.');
    this.name = 'StoreNotEmptyError';
  }
}

/**
^ * Writes the data in one script. Its keys: the families' own keys, then stale keys (what the store holds
 * now that the file does not), then the keys it writes, then shared hashes. Refuses (answers -1) when
 * any own key or any key it writes exists, unless told to replace; replacing deletes the own, stale
 * and written keys first. Shared hashes are only written to, field by field.
 */
const importScript = defineScript({
  name: 'venue data import',
  keys: [],
  args: { ownCount: 'number', staleCount: 'number', writeCount: 'number', mode: 'string', commands: 'json' },
  // The families' own keys, the stale ones, the written ones, then the shared ones: commands name them by position.
  variadicKeys: 'targets',
  lua: `
local writeFrom, writeTo = ownCount + staleCount + 1, ownCount + staleCount + writeCount
if mode ~= 'replace' then
  for i = 1, ownCount do if redis.call('EXISTS', targets[i]) == 1 then return -1 end end
  for i = writeFrom, writeTo do if redis.call('EXISTS', targets[i]) == 1 then return -1 end end
end
for i = 1, writeTo do redis.call('DEL', targets[i]) end
local allowed = { SET = true, ZADD = true, HSET = true, RPUSH = true, PEXPIRE = true }
for _, command in ipairs(commands) do
  if not allowed[command[1]] then return redis.error_reply('command not allowed: ' .. tostring(command[1])) end
  redis.call(command[1], targets[command[2]], unpack(command, 3))
end
return #commands`,
});

/** The writes that recreate the data, in the file's order; `now` dates the expiries of derived keys. */
export function importCommands(families: RecordFamilies, data: VenueData, now: number): StoreWrite[] {
  return families.flatMap((family) => (data.records[family.name] ?? []).flatMap((entry) => family.restore(entry, now)));
}

const ownKeysOf = (families: RecordFamilies) => [...new Set(families.flatMap((family) => family.ownedKeys))];
const sharedKeysOf = (families: RecordFamilies) => new Set(families.flatMap((family) => family.sharedKeys ?? []));

/** The keys the data writes besides the families' own and shared keys: records and what derives from them. */
function occupiedKeys(families: RecordFamilies, data: VenueData, now: number): string[] {
  const own = new Set(ownKeysOf(families));
  const shared = sharedKeysOf(families);
  return [...new Set(importCommands(families, data, now).map(([, key]) => key))].filter((key) => !own.has(key) && !shared.has(key));
}

export interface ImportOptions {
  /** Replace what the store holds instead of requiring it empty. */
  replace?: boolean;
  /** The import's time (derived keys expire relative to it). */
  now?: number;
}

/**
 * Restores the data into an empty store, or, with `replace`, in place of what the store holds; in
 * one script either way. StoreNotEmptyError when the store holds data and `replace` is not set.
 * Answers how many entries each family restored, by family name.
 */
export async function writeVenueData(families: RecordFamilies, data: VenueData, options: ImportOptions = {}): Promise<Record<string, number>> {
  const now = options.now ?? Date.now();
  const own = ownKeysOf(families);
  const stale = options.replace ? occupiedKeys(families, (await readVenueData(families)).data, now) : [];
  const writes = occupiedKeys(families, data, now);
  const written = new Set(writes);
  const staleOnly = stale.filter((key) => !written.has(key));
  const shared = [...sharedKeysOf(families)];
  const keys = [...own, ...staleOnly, ...writes, ...shared];
  const position = new Map(keys.map((key, index) => [key, index + 1]));
  const commands = importCommands(families, data, now).map(([name, key, ...args]) => [name, position.get(key)!, ...args]);
  const result = await withStore((store) =>
    importScript.run(store, {
      keys: { targets: keys },
      args: { ownCount: own.length, staleCount: staleOnly.length, writeCount: writes.length, mode: options.replace ? 'replace' : 'empty', commands },
    }),
  );
  if (Number(result) < 0) throw new StoreNotEmptyError();
  return Object.fromEntries(families.map((family) => [family.name, data.records[family.name]?.length ?? 0]));
}
