/**
 * A gift card paying for a booking (issue 25 point 5). The hold's script finds the card the code names
 * before it claims anything (a refusal writes nothing), and once the bay and the terms are decided
 * takes min(balance, price) from it in the same atomic step (gift-cards/server/spend-step.ts): the
 * record keeps `giftCard { id, cents }` and its amountCents becomes what Checkout charges; a booking
 * the card covers wholly is confirmed at once. Releasing a booking that was never confirmed (a lapse,
 * an unpaid or dropped hold) or cancelling it with a refund returns the card's part to the card in the
 * release's own step, once (`returned`), with the booking id as the ledger reference; a payment that
 * comes after the card's part went back is refunded like one that came too late.
 */
import type { StepInput } from '../../../shared/server/script';
import { HttpError } from '../../../shared/server/request';
import { moveOf, type moveBalance } from '../../gift-cards/server/balance-script';
import { SPEND_MESSAGES, SPEND_REFUSALS, type SpendRefusal } from '../../gift-cards/server/spend-step';
import type { StoredBayBooking } from './record';

/** The field the booking form names the code in. */
export const GIFT_CARD_FIELD = 'giftCardCode';

/**
 * applyGiftCard(giftCard, found, record) → true when the card covers what is left to pay: takes
 * min(found.balance, record.amountCents) (nothing when nothing is left to pay), writes it on the record
 * and confirms the record when nothing is left.
 */
export const APPLY_CARD_LUA = `
local function applyGiftCard(giftCard, found, record)
  if record.amountCents <= 0 then return false end
  local cents = math.min(found.balance, record.amountCents)
  spendGiftCard(giftCard, found, cents, record.id)
  record.giftCard = { id = found.id, cents = cents }
  record.amountCents = record.amountCents - cents
  if record.amountCents > 0 then return false end
  record.status = 'confirmed'
  record.holdUntil = 0
  return true
end`;

/** returnGiftCard(card, record): gives the card's part back once (card: the moveBalance step's table, nil when the record took nothing). */
export const RETURN_CARD_LUA = `
local function returnGiftCard(card, record)
  if not card or not record.giftCard or record.giftCard.returned then return end
  if moveBalance(card)[1] == 'ok' then record.giftCard.returned = true end
end`;

/** The card's part going back, or null when the booking took nothing from a card. */
export function cardReturnOf(record: Pick<StoredBayBooking, 'id' | 'giftCard'>, note: string, at: Date): StepInput<typeof moveBalance> | null {
  const card = record.giftCard;
  return card && card.cents > 0 && !card.returned ? moveOf({ id: card.id, amountCents: card.cents, kind: 'refund', note, reference: record.id, at }) : null;
}

/** Throws the form's field error when the hold's script refused the card ('card:unknown' …); else does nothing. */
export function refuseCard(answer: unknown): void {
  if (typeof answer !== 'string' || !answer.startsWith('card:')) return;
  const reason = answer.slice('card:'.length) as SpendRefusal;
  if (!SPEND_REFUSALS.includes(reason)) throw new Error(`the bay hold answered ${answer}`);
  throw new HttpError(400, SPEND_MESSAGES[reason], { fields: { [GIFT_CARD_FIELD]: SPEND_MESSAGES[reason] } });
}
