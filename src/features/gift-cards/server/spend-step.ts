/**
 * Spending a card on a booking, inside the booking's own script (bay-booking/server/hold.ts): the code
 * names the card by its hash, so the card is found, checked and debited in the same atomic step that
 * claims the bay, and the booking's one round trip stays one. The debit goes through the one balance
 * step (balance-script.ts `moveBalance`, whose Lua this step carries), so it is refused below zero
 * and leaves its ledger entry with the booking id as reference.
 *
 * findGiftCard(spend) → { id = , balance = } or a refusal: 'unknown' | 'void' | 'empty' (reads only).
 * spendGiftCard(spend, found, cents, reference) → moveBalance's answer for the debit of `cents`.
 * The card's ledger key is derived in the script from the id the code names (a code cannot know it before).
 */
import { defineStep, type StepInput } from '../../../shared/server/script';
import { moveBalance } from './balance-script';
import { BALANCE_TEXTS } from '../contract/balance-texts';
import { BALANCES_KEY, CODES_KEY, hashCode, ISSUE_MONTHS_KEY, ledgerKey, STATUS_KEY } from './keys';
import { venueDate } from '../../../domain/venue-calendar';
import { REPORT_RUNNING_KEY, reportDayKey } from '../../reports/server/report-keys';

/** The ledger note of a booking's debit. */
export const BOOKING_DEBIT_NOTE = 'Bay booking';

export const giftCardSpend = defineStep({
  keys: ['codes', 'balances', 'statuses', 'months', 'reportDay', 'reportRunning'],
  args: { codeHash: 'string', ledgerPrefix: 'string', at: 'string', note: 'string' },
  lua: `${moveBalance.lua.trim()}
local function findGiftCard(spend)
  local id = redis.call('HGET', spend.codes, spend.codeHash)
  if not id then return 'unknown' end
  if redis.call('HGET', spend.statuses, id) ~= 'active' then return 'void' end
  local balance = tonumber(redis.call('HGET', spend.balances, id) or '0')
  if balance <= 0 then return 'empty' end
  return { id = id, balance = balance }
end
local function spendGiftCard(spend, found, cents, reference)
  return moveBalance({ balances = spend.balances, statuses = spend.statuses, ledger = spend.ledgerPrefix .. found.id, months = spend.months, reportDay = spend.reportDay, reportRunning = spend.reportRunning, id = found.id, amount = -cents, kind = 'debit', note = spend.note, reference = reference, at = spend.at })
end`,
});

/** The step's input for a (normalized, checked) code, debited at `at`. */
export function spendOf(code: string, at: Date): StepInput<typeof giftCardSpend> {
  return { keys: { codes: CODES_KEY, balances: BALANCES_KEY, statuses: STATUS_KEY, months: ISSUE_MONTHS_KEY, reportDay: reportDayKey(venueDate(at)), reportRunning: REPORT_RUNNING_KEY }, args: { codeHash: hashCode(code), ledgerPrefix: ledgerKey(''), at: at.toISOString(), note: BOOKING_DEBIT_NOTE } };
}

export type SpendRefusal = 'unknown' | 'void' | 'empty';
export const SPEND_REFUSALS: readonly SpendRefusal[] = ['unknown', 'void', 'empty'];

/** What the booking form says for each refusal (the field's error). */
export const SPEND_MESSAGES: Record<SpendRefusal, string> = {
  unknown: BALANCE_TEXTS.unknown,
  void: 'This gift card can no longer be used. Please call us.',
  empty: 'This gift card has no balance left.',
};
