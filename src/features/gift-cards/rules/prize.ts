/**
 * A gift card given as a prize (pure): staff choose its amount in whole dollars, one of the content's
 * presets or any amount in its range (a prize is the venue's choice, so the range holds even where
 * visitors may not write their own amount); the card's reference names what it was won for, so the
 * same award never gets a second card.
 */
import { formatMoney } from '../../../domain/money';
import type { GiftCardsContent } from './content';
import type { AmountCheck } from './amount';

/** What the amount's field says when a prize amount is refused. */
export function prizeAmountRule(content: Pick<GiftCardsContent, 'custom'>): string {
  return `A prize is a whole-dollar amount from ${formatMoney(content.custom.min)} to ${formatMoney(content.custom.max)}.`;
}

/** The cents of a prize of `dollars`, or why it is refused. */
export function checkPrizeAmount(dollars: number, content: Pick<GiftCardsContent, 'presets' | 'custom'>): AmountCheck {
  const { min, max } = content.custom;
  if (Number.isInteger(dollars) && (content.presets.includes(dollars) || (dollars >= min && dollars <= max))) return { ok: true, cents: dollars * 100 };
  return { ok: false, message: prizeAmountRule(content) };
}

/** The prefix of every prize's reference (kept where a bought card keeps its Checkout session id). */
export const PRIZE_PREFIX = 'prize:';

/** The reference of a prize: what it was won for, in parts without ':' ('league', 'winter@2026-12-07', '3', 'closest-to-pin'). */
export function prizeReference(parts: readonly (string | number)[]): string {
  return `${PRIZE_PREFIX}${parts.map((part) => String(part).replaceAll(':', '_')).join(':')}`;
}

export const isPrizeReference = (reference: string) => reference.startsWith(PRIZE_PREFIX);
