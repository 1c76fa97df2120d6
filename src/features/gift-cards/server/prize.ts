/**
 * Issuing a gift card as a prize: no Checkout and no payment. One script writes the card (its
 * reference, "prize:…", where a bought card keeps its Checkout session, so the same index that gives
 * a paid session one card gives an award one prize, and a restore keeps it so), its code's hash, its
 * first ledger entry of kind 'prize' through the balance step, and its message to every winner through
 * the outbox; or nothing when the reference has its card already. The card is in the gift cards'
 * list, ledger and venue data file as any card.
 */
import { randomUUID } from 'node:crypto';
import { prizeMessage } from '../mail/prize';
import { codeHint, generateCode } from '../rules/code';
import { isPrizeReference } from '../rules/prize';
import { queued, queueMessage } from '../../../shared/mail/outbox';
import { site } from '../../../data/site';
import { localMoment } from '../../bay-booking/rules/local-time';
import { defineScript } from '../../../shared/server/script';
import { withStore } from '../../../shared/server/store';
import { moveBalance, moveOf } from './balance-script';
import { storeCard, storedCard } from './card-step';
import { cardKey, hashCode, SESSIONS_KEY } from './keys';
import { readCard, type GiftCardRecord, type Person } from './record';

const prizeScript = defineScript({
  name: 'gift card prize',
  keys: ['references'],
  args: { reference: 'string' },
  steps: { card: storeCard, move: moveBalance, delivery: queueMessage },
  lua: `
if redis.call('HSETNX', references, reference, card.id) == 0 then return redis.call('HGET', references, reference) end
storeCard(card)
moveBalance(move)
queueMessage(delivery, card.issuedAt)
return card.id`,
});

export interface Prize {
  /** What it is won for, from prizeReference (rules/prize.ts): one card per reference, ever. */
  reference: string;
  amountCents: number;
  /** Everyone the card's message goes to; the first is the card's recipient on the staff page. */
  winners: readonly [Person, ...Person[]];
  /** What it was won for, in the message and on the card ("Closest to Pin, week 3 of the Winter Session"). */
  wonFor: string;
}

export interface GivenPrize {
  cardId: string;
  amountCents: number;
  /** ISO instant. */
  issuedAt: string;
}

/** The card a prize makes, with its new code (in clear only until its message is queued). */
export function prizeCard(prize: Prize, now: number, code = generateCode()): { card: GiftCardRecord; code: string } {
  return {
    code,
    card: {
      id: randomUUID(),
      checkoutSessionId: prize.reference,
      paymentIntent: null,
      amountCents: prize.amountCents,
      purchaser: { name: site.name, email: '' },
      recipient: prize.winners[0],
      toSelf: false,
      message: prize.wonFor,
      deliverOn: localMoment(now).date,
      issuedAt: new Date(now).toISOString(),
      codeHash: hashCode(code),
      codeHint: codeHint(code),
      codeVersion: 1,
    },
  };
}

/**
 * Gives a prize: the card is issued and its message queued (due now), or, when the reference has a
 * card already, nothing is written and that card is answered (`issued` false), whatever amount was asked.
 */
export async function issuePrize(prize: Prize, now: number): Promise<{ issued: boolean; given: GivenPrize; queued: string[] }> {
  if (!isPrizeReference(prize.reference)) throw new Error(`not a prize reference: ${prize.reference}`);
  const { card, code } = prizeCard(prize, now);
  const at = new Date(now);
  const message = prizeMessage(card, code, prize.winners);
  const answer = await withStore((store) =>
    prizeScript.run(store, {
      keys: { references: SESSIONS_KEY },
      args: { reference: prize.reference },
      steps: {
        card: storedCard(card, now),
        move: moveOf({ id: card.id, amountCents: card.amountCents, kind: 'prize', note: `Prize: ${prize.wonFor}`, reference: prize.reference, at }),
        delivery: queued(message, at),
      },
    }),
  );
  if (String(answer) === card.id) return { issued: true, given: { cardId: card.id, amountCents: card.amountCents, issuedAt: card.issuedAt }, queued: [message.key] };
  const given = (await prizesGiven([prize.reference])).get(prize.reference);
  if (!given) throw new Error(`the prize ${prize.reference} names a card that is not stored`);
  return { issued: false, given, queued: [] };
}

/** The cards given for these references (those given so far), in two round trips whatever their number. */
export async function prizesGiven(references: readonly string[]): Promise<Map<string, GivenPrize>> {
  const found = new Map<string, GivenPrize>();
  if (references.length === 0) return found;
  const ids = await withStore((store) => store.hmget<Record<string, string | null>>(SESSIONS_KEY, ...references));
  const named = references.flatMap((reference): Array<[string, string]> => {
    const id = ids?.[reference];
    return typeof id === 'string' ? [[reference, id]] : [];
  });
  if (named.length === 0) return found;
  const records = await withStore((store) => store.mget<unknown[]>(...named.map(([, id]) => cardKey(id))));
  named.forEach(([reference, id], index) => {
    const card = readCard(records[index] ?? null);
    if (card && card.id === id) found.set(reference, { cardId: card.id, amountCents: card.amountCents, issuedAt: card.issuedAt });
  });
  return found;
}
