/**
 * The notify-me list (addresses waiting to hear when league registration opens) as the venue data
 * file carries it: one entry per address with the time it signed up, read in one round trip and
 * written back as the same hash.
 */
import * as z from 'zod';
import { hashRead } from '../../../shared/venue-data/reads';
import type { RecordFamily } from '../../../shared/venue-data/registry';
import type { Store } from '../../../shared/server/store';

export const NOTICE_LIST_KEY = 'league:notify';

export const noticeListEntry = z.object({
  /** Lower-case, as stored. */
  email: z.string().min(3),
  signedUpAtMs: z.int().nonnegative(),
});
export type NoticeListEntry = z.infer<typeof noticeListEntry>;

const byTimeThenAddress = (a: NoticeListEntry, b: NoticeListEntry) => a.signedUpAtMs - b.signedUpAtMs || (a.email < b.email ? -1 : a.email > b.email ? 1 : 0);

/** The entries of the stored hash (address → sign-up time), by sign-up time then address; unreadable times left out. */
function entriesOf(hash: Iterable<[string, unknown]>): NoticeListEntry[] {
  return [...hash]
    .map(([email, at]) => ({ email, signedUpAtMs: Number(at) }))
    .filter((entry) => Number.isInteger(entry.signedUpAtMs) && entry.signedUpAtMs >= 0)
    .sort(byTimeThenAddress);
}

/** Every address waiting, by sign-up time then address. */
export async function readNoticeList(store: Pick<Store, 'hgetall'>): Promise<NoticeListEntry[]> {
  return entriesOf(Object.entries((await store.hgetall<Record<string, unknown>>(NOTICE_LIST_KEY)) ?? {}));
}

export const leagueNoticeListFamily: RecordFamily<NoticeListEntry> = {
  name: 'leagueNoticeList',
  label: 'addresses waiting for league registration',
  entry: noticeListEntry,
  idOf: (entry) => entry.email,
  timeOf: (entry) => entry.signedUpAtMs,
  ownedKeys: [NOTICE_LIST_KEY],
  async read(reader) {
    const hash = await reader.read(hashRead(NOTICE_LIST_KEY));
    const entries = entriesOf(hash);
    const skipped = [...hash.keys()].filter((email) => !entries.some((entry) => entry.email === email)).map((email) => `${NOTICE_LIST_KEY}[${email}]`);
    return { entries, skipped };
  },
  restore: (entry) => [['HSET', NOTICE_LIST_KEY, entry.email, String(entry.signedUpAtMs)]],
};
