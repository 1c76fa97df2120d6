/**
 * The public balance look-up: a code that fails its check character is refused before the store is
 * asked; a well-formed one is counted against the connection's limit and looked up in one round trip.
 */
import type { BalanceAnswer } from '../contract/gift-card-balance';
import { BALANCE_TEXTS } from '../contract/balance-texts';
import { isValidCode, normalizeCode } from '../rules/code';
import { HttpError } from '../../../shared/server/request';
import { BALANCE_LOOKUP_LIMIT, cardByCode, type CardState } from './lookup';

export function balanceOf(state: CardState): BalanceAnswer {
  return {
    balanceCents: state.balanceCents,
    status: state.status,
    history: state.ledger.map(({ at, kind, amountCents, balanceAfterCents }) => ({ at, kind, amountCents, balanceAfterCents })),
  };
}

export async function publicBalance(typed: string, client: string): Promise<BalanceAnswer> {
  const code = normalizeCode(typed);
  if (!code || !isValidCode(code)) throw new HttpError(400, BALANCE_TEXTS.badCode, { fields: { code: BALANCE_TEXTS.badCode } });
  const state = await cardByCode(code, { policy: BALANCE_LOOKUP_LIMIT, client });
  if (!state) throw new HttpError(404, BALANCE_TEXTS.unknown);
  return balanceOf(state);
}
