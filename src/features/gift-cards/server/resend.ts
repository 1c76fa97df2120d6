/**
 * Resending a card's e-mail. The code is never kept once its message is sent, so a resend gives the
 * card a new code (and a void withdraws the waiting one, server/admin.ts): one script swaps the code's hash, stores the record with the new hint, withdraws
 * the old message if it is still waiting (its code no longer works) and queues the new one, due now.
 */
import { cardMessage, cardMessageKey } from '../mail/emails';
import { codeHint, generateCode } from '../rules/code';
import { messageKey, queued, queueMessage, QUEUE_KEY, STATUS_KEY as OUTBOX_STATUS_KEY } from '../../../shared/mail/outbox';
import { defineScript, defineStep, type StepInput } from '../../../shared/server/script';
import { withStore } from '../../../shared/server/store';
import { cardKey, CODES_KEY, hashCode, STATUS_KEY } from './keys';
import type { GiftCardRecord } from './record';

/** Withdraws a card's message that is still waiting (its code is about to stop working): out of the queue, its body deleted. */
export const withdrawMessage = defineStep({
  keys: ['queue', 'outboxStatuses', 'stored'],
  args: { key: 'string' },
  lua: `
local function withdrawMessage(mail)
  if redis.call('HGET', mail.outboxStatuses, mail.key) == 'queued' then
    redis.call('ZREM', mail.queue, mail.key)
    redis.call('DEL', mail.stored)
    redis.call('HDEL', mail.outboxStatuses, mail.key)
  end
end`,
});

export function withdrawn(card: GiftCardRecord): StepInput<typeof withdrawMessage> {
  const key = cardMessageKey(card.id, card.codeVersion);
  return { keys: { queue: QUEUE_KEY, outboxStatuses: OUTBOX_STATUS_KEY, stored: messageKey(key) }, args: { key } };
}

const resendScript = defineScript({
  name: 'gift card resend',
  keys: ['codes', 'card', 'statuses'],
  args: { id: 'string', oldHash: 'string', newHash: 'string', record: 'string', now: 'number' },
  steps: { mail: queueMessage, old: withdrawMessage },
  lua: `
if redis.call('HGET', statuses, id) ~= 'active' then return 'void' end
if redis.call('HGET', codes, oldHash) ~= id then return 'changed' end
redis.call('HDEL', codes, oldHash)
redis.call('HSET', codes, newHash, id)
redis.call('SET', card, record)
withdrawMessage(old)
queueMessage(mail, now)
return 'ok'`,
});

/** 'ok' with the new message's key, or why not: the card is void, or its code changed meanwhile. */
export async function resendCard(card: GiftCardRecord, now: number, code = generateCode()): Promise<{ outcome: 'ok' | 'void' | 'changed'; queued: string[] }> {
  const next: GiftCardRecord = { ...card, codeHash: hashCode(code), codeHint: codeHint(code), codeVersion: card.codeVersion + 1 };
  const message = cardMessage(next, code);
  const outcome = String(
    await withStore((store) =>
      resendScript.run(store, {
        keys: { codes: CODES_KEY, card: cardKey(card.id), statuses: STATUS_KEY },
        args: { id: card.id, oldHash: card.codeHash, newHash: next.codeHash, record: JSON.stringify(next), now },
        steps: { mail: queued(message, new Date(now)), old: withdrawn(card) },
      }),
    ),
  ) as 'ok' | 'void' | 'changed';
  return { outcome, queued: outcome === 'ok' ? [message.key] : [] };
}
