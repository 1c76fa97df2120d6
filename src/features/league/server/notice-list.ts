/**
 * Visitors waiting to hear when league registration opens:
 *   league:notify   hash e-mail (lower-case) → when it signed up (ms)
 * Signing up is one round trip, inside the per-connection limit's script (HSETNX: signing up twice
 * keeps the first time). When a session takes registrations, the scheduled function reads the list
 * (one round trip) and, in one script, takes each address off it and queues its message in the outbox
 * (a second): every address waiting gets one e-mail for the opening, never two.
 */
import type { MailMessage } from '../../../shared/mail/message';
import { queued, queueMessage } from '../../../shared/mail/outbox';
import { limitedWrite, type LimitPolicy } from '../../../shared/server/rate-limit';
import { defineScript, many } from '../../../shared/server/script';
import { withStore } from '../../../shared/server/store';
import { readNoticeList, NOTICE_LIST_KEY, type NoticeListEntry } from './notice-list-family';

export { NOTICE_LIST_KEY, readNoticeList, type NoticeListEntry };

/** Sign-ups per connection: a few addresses a household might leave, not a script filling the list. */
export const NOTICE_SIGN_UP_LIMIT: LimitPolicy = {
  prefix: 'ratelimit:league-notify',
  requests: 5,
  windowSeconds: 10 * 60,
  message: 'Too many sign-ups from your connection. Please wait a few minutes or call us.',
};

/** Adds `email` to the list (once: a second sign-up keeps the first) within the connection's limit; 429 over it. */
export async function joinNoticeList(email: string, client: string, now: Date, policy: LimitPolicy = NOTICE_SIGN_UP_LIMIT): Promise<void> {
  await limitedWrite(policy, client, [{ command: 'HSETNX', key: NOTICE_LIST_KEY, args: [email.trim().toLowerCase(), now.getTime()] }]);
}

/**
 * For each message (one per address on the list): if the address is still on it, takes it off and
 * queues the message, due now. Answers the keys queued. An address that signed up again after its
 * notice keys a new message only for a later opening (the outbox sends a key once, ever).
 */
const notifyScript = defineScript({
  name: 'league opening notices',
  keys: ['list'],
  args: { now: 'number' },
  steps: { messages: many(queueMessage) },
  variadicArgs: 'emails',
  lua: `
local sent = {}
for i, email in ipairs(emails) do
  if redis.call('HDEL', list, email) == 1 then
    queueMessage(messages[i], now)
    sent[#sent + 1] = messages[i].key
  end
end
return sent`,
});

export async function queueNotices(notices: ReadonlyArray<{ email: string; message: MailMessage }>, now: Date): Promise<string[]> {
  if (notices.length === 0) return [];
  const answer = await withStore((store) =>
    notifyScript.run(store, {
      keys: { list: NOTICE_LIST_KEY },
      args: { now: now.getTime(), emails: notices.map(({ email }) => email) },
      steps: { messages: notices.map(({ message }) => queued(message, now)) },
    }),
  );
  return Array.isArray(answer) ? answer.map(String) : [];
}
