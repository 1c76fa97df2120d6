// Looking at the store directly (node-redis on the suite's redis-server): whole-store snapshots to
// prove a run wrote nothing, and the invariants of the key layout (src/features/event-requests/server/requests.ts,
// src/features/league/server/registrations-store.ts) to prove nothing is half-written.
import type { InspectClient } from './durable-redis';

/** key → "type:value" (TTLs left out: they change by themselves). */
export type Snapshot = Map<string, string>;

export async function snapshot(client: InspectClient): Promise<Snapshot> {
  const keys: string[] = [];
  for await (const batch of client.scanIterator({ MATCH: '*', COUNT: 1000 })) keys.push(...batch);
  keys.sort();
  const out: Snapshot = new Map();
  for (const key of keys) {
    const type = await client.type(key);
    let value: unknown;
    switch (type) {
      case 'string':
        value = await client.get(key);
        break;
      case 'hash':
        value = Object.entries(await client.hGetAll(key)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        break;
      case 'zset':
        value = await client.zRangeWithScores(key, 0, -1);
        break;
      case 'list':
        value = await client.lRange(key, 0, -1);
        break;
      case 'set':
        value = (await client.sMembers(key)).sort();
        break;
      case 'none':
        continue; // expired meanwhile
      default:
        value = `(${type})`;
    }
    out.set(key, `${type}:${JSON.stringify(value)}`);
  }
  return out;
}

export interface SnapshotDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

/** What changed between two snapshots, leaving out keys the caller allows to change. */
export function diffSnapshots(before: Snapshot, after: Snapshot, allowed: (key: string) => boolean): SnapshotDiff {
  const diff: SnapshotDiff = { added: [], removed: [], changed: [] };
  for (const [key, value] of after) {
    if (allowed(key)) continue;
    if (!before.has(key)) diff.added.push(key);
    else if (before.get(key) !== value) diff.changed.push(key);
  }
  for (const key of before.keys()) if (!allowed(key) && !after.has(key)) diff.removed.push(key);
  return diff;
}

async function keysMatching(client: InspectClient, pattern: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const batch of client.scanIterator({ MATCH: pattern, COUNT: 1000 })) keys.push(...batch);
  return keys;
}

export interface BookingLayout {
  /** Ids in events:reqs. */
  indexed: Set<string>;
  /** Ids with an events:req:{id} record. */
  records: Set<string>;
  indexedWithoutRecord: string[];
  recordsWithoutIndex: string[];
}

export async function bookingLayout(client: InspectClient): Promise<BookingLayout> {
  const indexed = new Set(await client.zRange('events:reqs', 0, -1));
  const records = new Set((await keysMatching(client, 'events:req:*')).map((key) => key.slice('events:req:'.length)));
  return {
    indexed,
    records,
    indexedWithoutRecord: [...indexed].filter((id) => !records.has(id)),
    recordsWithoutIndex: [...records].filter((id) => !indexed.has(id)),
  };
}

export interface LeagueLayout {
  indexed: Set<string>;
  records: Set<string>;
  statuses: Map<string, string>;
  checkouts: Map<string, string>;
  /** Every way the layout can be half-written; all empty when it is consistent. */
  problems: string[];
}

export async function leagueLayout(client: InspectClient): Promise<LeagueLayout> {
  const indexed = new Set(await client.zRange('league:regs', 0, -1));
  const records = new Set((await keysMatching(client, 'league:reg:*')).map((key) => key.slice('league:reg:'.length)));
  const statuses = new Map(Object.entries(await client.hGetAll('league:status')));
  const checkouts = new Map(Object.entries(await client.hGetAll('league:checkout')));
  const problems: string[] = [];
  for (const id of indexed) {
    if (!records.has(id)) problems.push(`league:regs lists ${id} without its record`);
    if (!statuses.has(id)) problems.push(`${id} is listed without a payment status`);
  }
  for (const id of records) if (!indexed.has(id)) problems.push(`league:reg:${id} is not in league:regs`);
  for (const id of statuses.keys()) if (!records.has(id)) problems.push(`league:status has ${id} without its record`);
  for (const id of checkouts.keys()) if (!records.has(id)) problems.push(`league:checkout has ${id} without its record`);
  return { indexed, records, statuses, checkouts, problems };
}
