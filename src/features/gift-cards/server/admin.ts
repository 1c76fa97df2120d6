/**
 * The staff's gift cards: the list and its search, look-ups by code and id, and the changes staff
 * make (debit, adjust, void with the purchase refunded when unspent, resend), each refused with a
 * status and a message a person can act on.
 */
import { formatCents } from '../../../domain/money';
import { getStripe } from '../../../shared/payments/stripe-client';
import { HttpError } from '../../../shared/server/request';
import type { StaffGiftCard, StaffGiftCardDetail } from '../contract/admin-gift-cards';
import { STAFF_ACTION_MESSAGES, type StaffAction } from '../contract/admin-forms';
import { BALANCE_TEXTS } from '../contract/balance-texts';
import { isValidCode, normalizeCode } from '../rules/code';
import { isUnspent } from '../rules/ledger';
import { changeBalanceAndRead, type MoveResult } from './balance-script';
import { allCardIds, cardByCode, cardsById, readState, type CardState } from './lookup';
import { resendCard } from './resend';
import { voidBalance } from './void';

const NOT_FOUND = 'Gift card not found.';

export function staffCard({ card, status, balanceCents }: CardState): StaffGiftCard {
  return {
    id: card.id,
    codeHint: card.codeHint,
    status,
    amountCents: card.amountCents,
    balanceCents,
    purchaser: card.purchaser,
    recipient: card.recipient,
    toSelf: card.toSelf,
    message: card.message,
    deliverOn: card.deliverOn,
    issuedAt: card.issuedAt,
    checkoutSessionId: card.checkoutSessionId,
  };
}

export const staffDetail = (state: CardState): StaffGiftCardDetail => ({ ...staffCard(state), ledger: state.ledger });

/** Cards whose e-mails, names, id or code hint contain `text` (empty: all), newest first. */
export async function searchCards(text: string): Promise<StaffGiftCard[]> {
  const needle = text.trim().toLowerCase();
  const cards = (await cardsById(await allCardIds())).map(staffCard);
  if (!needle) return cards;
  return cards.filter((card) => [card.id, card.codeHint, card.purchaser.name, card.purchaser.email, card.recipient.name, card.recipient.email].some((value) => value.toLowerCase().includes(needle)));
}

export async function cardDetailByCode(typed: string): Promise<StaffGiftCardDetail> {
  const code = normalizeCode(typed);
  if (!code || !isValidCode(code)) throw new HttpError(400, BALANCE_TEXTS.badCode, { fields: { code: BALANCE_TEXTS.badCode } });
  const state = await cardByCode(code);
  if (!state) throw new HttpError(404, BALANCE_TEXTS.unknown);
  return staffDetail(state);
}

async function stateOf(id: string): Promise<CardState> {
  const [state] = await cardsById([id]);
  if (!state) throw new HttpError(404, NOT_FOUND);
  return state;
}

export const cardDetailById = async (id: string) => staffDetail(await stateOf(id));

function refuse(result: Extract<MoveResult, { ok: false }>): never {
  switch (result.reason) {
    case 'missing':
      throw new HttpError(404, NOT_FOUND);
    case 'void':
      throw new HttpError(409, 'This card is void: nothing can be taken from it or added to it.');
    case 'overdrawn':
      throw new HttpError(409, `The card holds only ${formatCents(result.balanceCents)}.`);
    case 'changed':
      throw new HttpError(409, STAFF_ACTION_MESSAGES.balance);
    case 'not-whole-cents':
      throw new HttpError(400, 'Amounts are whole cents.');
  }
}

/** Voids the card (its waiting message withdrawn); when nothing was ever spent, refunds its purchase through Stripe (once: keyed by card). */
async function voidCard(state: CardState, expectedBalanceCents: number, at: Date): Promise<void> {
  const refund = isUnspent(state.ledger) && state.card.paymentIntent !== null && expectedBalanceCents === state.card.amountCents;
  const result = await voidBalance(state.card, { amountCents: -expectedBalanceCents, note: refund ? 'Voided by staff; purchase refunded' : 'Voided by staff', reference: refund ? state.card.checkoutSessionId : 'staff', at });
  if (!result.ok) refuse(result);
  if (!refund) return;
  try {
    await getStripe().refunds.create({ payment_intent: state.card.paymentIntent!, amount: state.card.amountCents, metadata: { kind: 'gift-card', giftCardId: state.card.id } }, { idempotencyKey: `gift-card-void-${state.card.id}` });
  } catch (error) {
    console.error('[gift-cards] voided but the refund failed', state.card.id, error);
    throw new HttpError(502, 'The card is void, but the refund did not go through: refund the purchase in Stripe.');
  }
}

/** Applies a staff change and answers the card as it is after it, with the messages to send now. */
export async function applyStaffAction(id: string, action: StaffAction, now: number): Promise<{ card: StaffGiftCardDetail; queued: string[] }> {
  const at = new Date(now);
  let queued: string[] = [];
  if (action.action === 'debit' || action.action === 'adjust') {
    // One round trip: the change and the card as it is after it.
    const { result, after } = await changeBalanceAndRead({ id, amountCents: action.action === 'debit' ? -action.amountCents : action.amountCents, kind: action.action, note: action.action === 'debit' ? action.note : action.reason, reference: 'staff', at });
    if (!result.ok) refuse(result);
    const [record, status, ledger] = after;
    const state = readState([id, record, status, result.balanceAfterCents, ledger]);
    if (!state) throw new HttpError(404, NOT_FOUND);
    return { card: staffDetail(state), queued };
  } else if (action.action === 'void') {
    await voidCard(await stateOf(id), action.expectedBalanceCents, at);
  } else {
    const state = await stateOf(id);
    const resent = await resendCard(state.card, now);
    if (resent.outcome === 'void') throw new HttpError(409, 'This card is void: it is not sent again.');
    if (resent.outcome === 'changed') throw new HttpError(409, 'The card changed meanwhile: refresh and try again.');
    queued = resent.queued;
  }
  return { card: await cardDetailById(id), queued };
}
