/**
 * Reading gift cards: by code (the balance page, counted against its rate limit in the same round
 * trip, and the staff's look-up) and by id, each card with its status, balance and ledger.
 */
import { countRequest, limitOf, refuseOverLimit, type LimitPolicy } from '../../../shared/server/rate-limit';
import { defineScript, optional } from '../../../shared/server/script';
import { withStore } from '../../../shared/server/store';
import type { LedgerEntry } from '../rules/ledger';
import { readLedgerEntry } from './balance-script';
import { BALANCES_KEY, cardKey, CARDS_KEY, CODES_KEY, hashCode, ledgerKey, STATUS_KEY } from './keys';
import { readCard, type GiftCardRecord } from './record';

export interface CardState {
  card: GiftCardRecord;
  status: 'active' | 'void';
  balanceCents: number;
  ledger: LedgerEntry[];
}

/** Balance lookups per IP: 10 per 10 minutes. */
export const BALANCE_LOOKUP_LIMIT: LimitPolicy = {
  prefix: 'ratelimit:gift-card-balance',
  requests: 10,
  windowSeconds: 10 * 60,
  message: 'Too many balance checks from your connection. Please wait a few minutes and try again.',
};

const READ_CARD_LUA = `
local function readCard(id)
  return { id, redis.call('GET', 'giftcard:card:' .. id) or false, redis.call('HGET', statuses, id) or false, redis.call('HGET', balances, id) or false, redis.call('LRANGE', 'giftcard:ledger:' .. id, 0, -1) }
end`;

/**
 * By code hash: the count first (over the limit: { 'limited', ms }), then the card. The card's own
 * keys are derived in the script from the id the code names: a look-up by code cannot know them before.
 */
const byCodeScript = defineScript({
  name: 'gift card by code',
  keys: ['codes', 'statuses', 'balances'],
  args: { codeHash: 'string' },
  steps: { limit: optional(countRequest) },
  lua: `${READ_CARD_LUA}
if limit then
  local left = countRequest(limit)
  if left > 0 then return { 'limited', left } end
end
local id = redis.call('HGET', codes, codeHash)
if not id then return { 'none' } end
return { 'card', readCard(id) }`,
});

/** A card as a script read it: [id, record, status, balance, ledger]. */
export function readState(raw: unknown): CardState | null {
  if (!Array.isArray(raw)) return null;
  const [, stored, status, balance, ledger] = raw as [string, unknown, unknown, unknown, unknown];
  const card = stored ? readCard(stored) : null;
  if (!card) return null;
  return {
    card,
    status: status === 'void' ? 'void' : 'active',
    balanceCents: Number(balance ?? 0),
    ledger: (Array.isArray(ledger) ? ledger : []).map(readLedgerEntry).filter((entry) => entry !== null),
  };
}

/** The card of a (normalized) code, or null; with `limit`, the request is counted first and refused with 429 over it. */
export async function cardByCode(code: string, limit: { policy: LimitPolicy; client: string } | null = null): Promise<CardState | null> {
  const answer = await withStore((store) =>
    byCodeScript.run(store, {
      keys: { codes: CODES_KEY, statuses: STATUS_KEY, balances: BALANCES_KEY },
      args: { codeHash: hashCode(code) },
      steps: { limit: limit ? limitOf(limit.policy, limit.client) : null },
    }),
  );
  const [outcome, value] = Array.isArray(answer) ? answer : [];
  if (outcome === 'limited' && limit) refuseOverLimit(limit.policy, Number(value));
  return outcome === 'card' ? readState(value) : null;
}

/** Cards by id, with status, balance and ledger: one pipeline. */
export async function cardsById(ids: readonly string[]): Promise<CardState[]> {
  if (ids.length === 0) return [];
  return withStore(async (store) => {
    const pipeline = store.pipeline();
    for (const id of ids) pipeline.get(cardKey(id)).hget(STATUS_KEY, id).hget(BALANCES_KEY, id).lrange(ledgerKey(id), 0, -1);
    const results = (await pipeline.exec()) as unknown[];
    return ids.flatMap((id, index) => {
      const state = readState([id, ...results.slice(index * 4, index * 4 + 4)]);
      return state ? [state] : [];
    });
  });
}

/** Every card id, newest first (the staff list and CSV). */
export async function allCardIds(): Promise<string[]> {
  return withStore((store) => store.zrange<string[]>(CARDS_KEY, 0, -1, { rev: true }));
}
