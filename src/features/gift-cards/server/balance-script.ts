/**
 * The one place a gift card's balance changes: the `moveBalance` step, which every script that touches
 * a balance composes (issuing, staff debits and adjustments, voiding). It refuses a card that does not
 * exist or is void, any change below zero and a void naming another balance than the card's, and appends the ledger entry with the balance it left,
 * all inside one Lua script, so concurrent debits are applied one after another and never overdraw.
 * The same step keeps the staff reports' gift card liability (by the card's month of issue).
 */
import type { LedgerEntry, LedgerKind } from '../rules/ledger';
import { defineScript, defineStep, type StepInput } from '../../../shared/server/script';
import { withStore } from '../../../shared/server/store';
import { BALANCES_KEY, cardKey, ISSUE_MONTHS_KEY, ledgerKey, STATUS_KEY } from './keys';
import { venueDate } from '../../../domain/venue-calendar';
import { REPORT_RUNNING_KEY, reportDayKey } from '../../reports/server/report-keys';

export const moveBalance = defineStep({
  keys: ['balances', 'statuses', 'ledger', 'months', 'reportDay', 'reportRunning'],
  args: { id: 'string', amount: 'number', kind: 'string', note: 'string', reference: 'string', at: 'string' },
  lua: `
local function moveBalance(move)
  local status = redis.call('HGET', move.statuses, move.id)
  if not status then return { 'missing', 0 } end
  if status ~= 'active' then return { 'void', 0 } end
  local balance = tonumber(redis.call('HGET', move.balances, move.id) or '0')
  local amount = move.amount
  if move.kind == 'void' and amount ~= -balance then return { 'changed', balance } end
  if amount ~= math.floor(amount) then return { 'not-whole-cents', balance } end
  local after = balance + amount
  if after < 0 then return { 'overdrawn', balance } end
  redis.call('HSET', move.balances, move.id, after)
  redis.call('RPUSH', move.ledger, cjson.encode({ at = move.at, kind = move.kind, amountCents = amount, balanceAfterCents = after, note = move.note, reference = move.reference }))
  if move.kind == 'void' then redis.call('HSET', move.statuses, move.id, 'void') end
  -- The reports' liability by month of issue: value issued (bought or a prize), or taken off (negative: given back).
  local month = redis.call('HGET', move.months, move.id)
  if month then
    local issued = move.kind == 'issue' or move.kind == 'prize'
    local field = (issued and 'gc:issued:' or 'gc:redeemed:') .. month
    local delta = issued and amount or -amount
    redis.call('HINCRBY', move.reportDay, field, delta)
    redis.call('HINCRBY', move.reportRunning, field, delta)
  end
  return { 'ok', after }
end`,
});

export interface Move {
  id: string;
  /** Signed cents; a void takes the whole balance and must name it (-balance), else it is refused as 'changed'. */
  amountCents: number;
  kind: LedgerKind;
  note: string;
  reference: string;
  at: Date;
}

export function moveOf(move: Move): StepInput<typeof moveBalance> {
  return {
    keys: { balances: BALANCES_KEY, statuses: STATUS_KEY, ledger: ledgerKey(move.id), months: ISSUE_MONTHS_KEY, reportDay: reportDayKey(venueDate(move.at)), reportRunning: REPORT_RUNNING_KEY },
    args: { id: move.id, amount: move.amountCents, kind: move.kind, note: move.note, reference: move.reference, at: move.at.toISOString() },
  };
}

export type MoveRefusal = 'missing' | 'void' | 'overdrawn' | 'not-whole-cents' | 'changed';
export type MoveResult = { ok: true; balanceAfterCents: number } | { ok: false; reason: MoveRefusal; balanceCents: number };
const REFUSALS: ReadonlySet<unknown> = new Set<MoveRefusal>(['missing', 'void', 'overdrawn', 'not-whole-cents', 'changed']);

/** Reads the step's answer { outcome, balance }. */
export function readMove(answer: unknown): MoveResult {
  const [outcome, balance] = Array.isArray(answer) ? answer : [];
  const cents = Number(balance ?? 0);
  if (outcome === 'ok') return { ok: true, balanceAfterCents: cents };
  if (REFUSALS.has(outcome)) return { ok: false, reason: outcome as MoveRefusal, balanceCents: cents };
  throw new Error(`the gift card balance step answered ${JSON.stringify(answer)}`);
}

const changeScript = defineScript({
  name: 'gift card balance change',
  keys: [],
  args: {},
  steps: { move: moveBalance },
  lua: 'return moveBalance(move)',
});

/** Applies one change to a card's balance and ledger: one round trip, refused below zero. */
export async function changeBalance(move: Move): Promise<MoveResult> {
  return readMove(await withStore((store) => changeScript.run(store, { keys: {}, args: {}, steps: { move: moveOf(move) } })));
}

/** The same change, answering the card as it is after it (record, status, ledger): still one round trip. */
const changeAndReadScript = defineScript({
  name: 'gift card balance change and read',
  keys: ['card'],
  args: {},
  steps: { move: moveBalance },
  lua: `
local result = moveBalance(move)
return { result[1], result[2], redis.call('GET', card) or false, redis.call('HGET', move.statuses, move.id) or false, redis.call('LRANGE', move.ledger, 0, -1) }`,
});

/** The change's result and, raw, the card's record, status and ledger after it (lookup.ts reads them). */
export async function changeBalanceAndRead(move: Move): Promise<{ result: MoveResult; after: unknown[] }> {
  const answer = await withStore((store) => changeAndReadScript.run(store, { keys: { card: cardKey(move.id) }, args: {}, steps: { move: moveOf(move) } }));
  const parts = Array.isArray(answer) ? (answer as unknown[]) : [];
  return { result: readMove(parts.slice(0, 2)), after: parts.slice(2) };
}

/** A ledger entry as the store holds it, or null when it is not one. */
export function readLedgerEntry(value: unknown): LedgerEntry | null {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (typeof parsed !== 'object' || parsed === null) return null;
  const entry = parsed as Partial<LedgerEntry>;
  return typeof entry.at === 'string' && typeof entry.kind === 'string' && typeof entry.amountCents === 'number' && typeof entry.balanceAfterCents === 'number'
    ? { at: entry.at, kind: entry.kind, amountCents: entry.amountCents, balanceAfterCents: entry.balanceAfterCents, note: String(entry.note ?? ''), reference: String(entry.reference ?? '') }
    : null;
}
