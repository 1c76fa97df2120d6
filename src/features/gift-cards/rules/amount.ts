/**
 * The amount of a gift card bought on the site (pure): whole dollars, one of the content's presets or,
 * when staff allow it, any amount in the content's range. The server charges what this answers and
 * nothing a client sends otherwise.
 */
import { formatMoney } from '../../../domain/money';
import type { GiftCardsContent } from './content';

export type AmountCheck = { ok: true; cents: number } | { ok: false; message: string };

/** What the amount's field says when an amount is refused. */
export function amountRule(content: Pick<GiftCardsContent, 'presets' | 'custom'>): string {
  const presets = content.presets.map((preset) => formatMoney(preset)).join(', ');
  return content.custom.allowed ? `Choose ${presets} or a whole-dollar amount from ${formatMoney(content.custom.min)} to ${formatMoney(content.custom.max)}.` : `Choose ${presets}.`;
}

/** The cents to charge for `dollars`, or why it is refused. */
export function checkAmount(dollars: number, content: Pick<GiftCardsContent, 'presets' | 'custom'>): AmountCheck {
  const refused = { ok: false, message: amountRule(content) } as const;
  if (!Number.isInteger(dollars)) return refused;
  if (content.presets.includes(dollars)) return { ok: true, cents: dollars * 100 };
  const { allowed, min, max } = content.custom;
  return allowed && dollars >= min && dollars <= max ? { ok: true, cents: dollars * 100 } : refused;
}
