/**
 * Sending what the outbox holds: right after a function's answer (the keys it just queued) and from
 * the scheduled run (everything due). Each message is claimed before it is sent (by the write that
 * queued it, or by a claim round trip) and settled after, so a failure only reschedules it; nothing
 * here throws for a refused or unreachable mail server.
 * Messages are rendered here, when sent. The sending side (React to render, nodemailer to send) is
 * loaded the first time a message is actually sent, so no function loads it before its answer.
 */
import { headerText } from '../../domain/mail/address';
import type { OutboxMessage } from '../../domain/mail/message';
import { claim, dueKeys, settle, type Outcome, type QueuedMessage } from './outbox';

/** What the log and the staff's list show of a refusal: one line, no longer than 300 characters. */
function describeFailure(error: unknown): string {
  const text = error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error);
  return headerText(text).slice(0, 300) || 'unknown error';
}

const messagesOf = (claimed: readonly QueuedMessage[]) => claimed.map((queued) => queued.message);

const sendingSide = () => Promise.all([import('./render'), import('./transport')]);

async function sendAll(messages: readonly OutboxMessage[]): Promise<Outcome[]> {
  if (messages.length === 0) return [];
  const [{ renderMessage }, { sendMessage }] = await sendingSide();
  return Promise.all(
    messages.map(async (message): Promise<Outcome> => {
      try {
        await sendMessage(renderMessage(message));
        return { key: message.key, error: null };
      } catch (error) {
        const failure = describeFailure(error);
        console.error('[mail]', message.key, 'not sent:', failure);
        return { key: message.key, error: failure };
      }
    }),
  );
}

export interface DeliveryReport {
  sent: number;
  failed: number;
}

const report = (outcomes: readonly Outcome[]): DeliveryReport => ({
  sent: outcomes.filter((outcome) => outcome.error === null).length,
  failed: outcomes.filter((outcome) => outcome.error !== null).length,
});

/** Sends the messages of these keys now, if they are still due (the function that queued them, after answering). */
export async function deliverNow(keys: readonly string[]): Promise<DeliveryReport> {
  return deliverClaimed(messagesOf(await claim(keys, Date.now())));
}

/**
 * Sends messages this function queued already claimed (queueClaimedWrites) and settles them: no
 * claim round trip after the answer, one settle for all of them.
 */
export async function deliverClaimed(messages: readonly OutboxMessage[]): Promise<DeliveryReport> {
  const outcomes = await sendAll(messages);
  await settle(outcomes, Date.now());
  return report(outcomes);
}

/** Batch size of the scheduled run: claimed, sent (over the pooled connections) and settled together. */
export const OUTBOX_BATCH = 100;

/**
 * Sends everything due, batch by batch, until the queue has nothing due or `budgetMs` is spent (the
 * scheduled function stays within its time limit; what is left waits for the next run).
 */
export async function deliverDue(budgetMs: number, now: () => number = Date.now): Promise<DeliveryReport> {
  const started = now();
  const total: DeliveryReport = { sent: 0, failed: 0 };
  while (now() - started < budgetMs) {
    const keys = await dueKeys(now(), OUTBOX_BATCH);
    if (keys.length === 0) break;
    const claimed = await claim(keys, now());
    if (claimed.length === 0 && keys.length < OUTBOX_BATCH) break;
    const outcomes = await sendAll(messagesOf(claimed));
    await settle(outcomes, now());
    const batch = report(outcomes);
    total.sent += batch.sent;
    total.failed += batch.failed;
  }
  return total;
}

/**
 * Runs work after the answer when the runtime offers it (Netlify's context.waitUntil); without it the
 * queued messages simply wait for the scheduled run.
 */
export function afterAnswer(context: { waitUntil?: (promise: Promise<unknown>) => void }, work: () => Promise<unknown>): void {
  context.waitUntil?.(work().catch((error: unknown) => console.error('[mail] delivery after the answer failed:', describeFailure(error))));
}
