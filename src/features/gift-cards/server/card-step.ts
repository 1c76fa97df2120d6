/**
 * Storing a new card, the step every script that issues one composes (a bought card, a prize): its
 * record, its place in the list, its code's hash, its status and the month it was issued (the
 * reports' liability). Its balance comes through the balance step, in the same script.
 */
import { defineStep, type StepInput } from '../../../shared/server/script';
import { issueMonthOf } from '../../reports/rules/liability';
import { cardKey, CARDS_KEY, CODES_KEY, ISSUE_MONTHS_KEY, STATUS_KEY } from './keys';
import type { GiftCardRecord } from './record';

/** storeCard(card): writes the card; card.id and card.issuedAt are the script's to use too. */
export const storeCard = defineStep({
  keys: ['card', 'cards', 'codes', 'statuses', 'months'],
  args: { id: 'string', codeHash: 'string', record: 'string', issuedAt: 'number', issueMonth: 'string' },
  lua: `
local function storeCard(card)
  redis.call('SET', card.card, card.record)
  redis.call('ZADD', card.cards, card.issuedAt, card.id)
  redis.call('HSET', card.codes, card.codeHash, card.id)
  redis.call('HSET', card.statuses, card.id, 'active')
  redis.call('HSET', card.months, card.id, card.issueMonth)
end`,
});

/** The step's input for `card`, issued at `now` (ms). */
export function storedCard(card: GiftCardRecord, now: number): StepInput<typeof storeCard> {
  return {
    keys: { card: cardKey(card.id), cards: CARDS_KEY, codes: CODES_KEY, statuses: STATUS_KEY, months: ISSUE_MONTHS_KEY },
    args: { id: card.id, codeHash: card.codeHash, record: JSON.stringify(card), issuedAt: now, issueMonth: issueMonthOf(new Date(now)) },
  };
}
