/**
 * League play in the venue data file: every key of it as it is stored (a text, a hash or a list),
 * read in one round trip with the other families and written back as the same key. The per-session
 * and per-season keys are those of the league's sessions as league.json dates them (playId).
 */
import * as z from 'zod';
import { league } from '../catalogue';
import { hashRead, listRead, textsRead } from '../../../shared/venue-data/reads';
import type { RecordFamily, StoreWrite } from '../../../shared/venue-data/registry';
import { historyKey, OPTOUT_KEY, playId, playoffsKey, PLAY_VERSION_KEY, seasonViewKey, startKey, TOKEN_KEY, TOKEN_TEAM_KEY, viewKey, weeksKey } from './play-store';
import { currentSeason } from './season';

const sessionIds = league.sessions.map(playId);
const TEXT_KEYS = [PLAY_VERSION_KEY, seasonViewKey(currentSeason), playoffsKey(currentSeason), ...sessionIds.map(viewKey)];
const HASH_KEYS = [OPTOUT_KEY, TOKEN_KEY, TOKEN_TEAM_KEY, ...sessionIds.flatMap((id) => [weeksKey(id), startKey(id)])];
const LIST_KEYS = sessionIds.map(historyKey);

export const leaguePlayEntry = z.discriminatedUnion('kind', [
  z.object({ id: z.string().startsWith('league:play:'), kind: z.literal('text'), value: z.string() }),
  z.object({ id: z.string().startsWith('league:play:'), kind: z.literal('hash'), fields: z.record(z.string(), z.string()) }),
  z.object({ id: z.string().startsWith('league:play:'), kind: z.literal('list'), items: z.array(z.string()) }),
]);
export type LeaguePlayEntry = z.infer<typeof leaguePlayEntry>;

export const leaguePlayFamily: RecordFamily<LeaguePlayEntry> = {
  name: 'leaguePlay',
  label: 'league play records',
  entry: leaguePlayEntry,
  idOf: (entry) => entry.id,
  ownedKeys: [...TEXT_KEYS, ...HASH_KEYS, ...LIST_KEYS],
  async read(reader) {
    const [texts, hashes, lists] = await Promise.all([
      reader.read(textsRead(TEXT_KEYS)),
      Promise.all(HASH_KEYS.map((key) => reader.read(hashRead(key)))),
      Promise.all(LIST_KEYS.map((key) => reader.read(listRead(key)))),
    ]);
    const entries: LeaguePlayEntry[] = [
      ...TEXT_KEYS.flatMap((id, index) => (texts[index] === null ? [] : [{ id, kind: 'text' as const, value: texts[index]! }])),
      ...HASH_KEYS.flatMap((id, index) => (hashes[index]!.size === 0 ? [] : [{ id, kind: 'hash' as const, fields: Object.fromEntries(hashes[index]!) }])),
      ...LIST_KEYS.flatMap((id, index) => (lists[index]!.length === 0 ? [] : [{ id, kind: 'list' as const, items: lists[index]! }])),
    ];
    return { entries, skipped: [] };
  },
  restore(entry): StoreWrite[] {
    if (entry.kind === 'text') return [['SET', entry.id, entry.value]];
    if (entry.kind === 'hash') return Object.entries(entry.fields).map(([field, value]): StoreWrite => ['HSET', entry.id, field, value]);
    return entry.items.map((item): StoreWrite => ['RPUSH', entry.id, item]);
  },
};
