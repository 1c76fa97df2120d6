// The staff reports' aggregates as stored, for the tests that compare what the writes kept with what
// the rebuild recomputes.
import { withRedis } from './api-helpers';

const DAY_PREFIX = 'report:day:';

/** Every report key and its fields (or value), as stored. */
export const reportKeys = () =>
  withRedis(async (redis) => {
    const keys = (await redis.keys('report:*')).sort();
    return Object.fromEntries(await Promise.all(keys.map(async (key) => [key, (await redis.type(key)) === 'hash' ? await redis.hGetAll(key) : await redis.get(key)] as const)));
  });

/** Each report day's fields, by its date. */
export const reportDays = async (): Promise<Record<string, Record<string, string>>> =>
  Object.fromEntries(Object.entries(await reportKeys()).flatMap(([key, value]) => (key.startsWith(DAY_PREFIX) && value && typeof value === 'object' ? [[key.slice(DAY_PREFIX.length), value]] : [])));

/** Drops every report key, as a store restored without them would be. */
export const clearReports = () =>
  withRedis(async (redis) => {
    const keys = await redis.keys('report:*');
    for (const key of keys) await redis.del(key);
    return keys.length;
  });

/** What a rebuild writes: the fields a later change brought back to zero, and hashes left empty, are left out. */
export function withoutZeros<T extends Record<string, unknown>>(stored: T): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(stored)
      .map(([key, value]) => [key, value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).filter(([, count]) => count !== '0')) : value] as const)
      .filter(([, value]) => !(value && typeof value === 'object' && Object.keys(value).length === 0)),
  );
}
