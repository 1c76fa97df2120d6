/** The confirmations a hold with a gift card may queue (gift-card-hold.ts): apart from the script, so the store does not import the mail. */
import type { MailMessage } from '../../../shared/mail/message';
import { heldConfirmation } from '../mail/emails';
import type { HoldTerms } from './hold';
import type { StoredBayBooking } from './record';

/**
 * For a hold with a card: the confirmation for each of the terms should the card cover it wholly
 * (then the card paid the terms' whole amount), rendered before the script picks the bay and the grant.
 */
export function cardConfirmationsOf(record: StoredBayBooking, terms: readonly HoldTerms[], bayIds: readonly string[], origin: string, now: Date): { messages: MailMessage[]; fills: Record<string, Array<[string, string]>> } {
  const rendered = terms.map((each) => heldConfirmation({ ...record, ...each, status: 'confirmed', holdUntil: 0, amountCents: 0, giftCard: { id: '', cents: each.amountCents } }, bayIds, origin, now));
  return { messages: rendered.map((each) => each.message), fills: rendered[0]?.fills ?? {} };
}
