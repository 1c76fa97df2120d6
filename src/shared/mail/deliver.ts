/**
 * Sending what the outbox holds: right after a function's answer (the keys it just queued) and from
 * the scheduled runs (everything due, or what a run queued). Each message is claimed before it is sent
 * (by the write that queued it, or by a claim round trip) and settled after, so a failure only
 * reschedules it; nothing here throws for a refused or unreachable mail server.
 *
 * A scheduled run sends within its budget (src/shared/server/run-budget.ts): as many messages at once
 * as the transport has connections, claimed that many at a time just before they are sent, each
 * settled as soon as it is sent, and none taken once the budget is spent (the claims it did not use
 * are given back, due at once). So a run keeps no message it has not sent, never leaves one sent but
 * unrecorded unless it is stopped mid-send, and every send is bounded; what is left stays due for the
 * next run. The claim lease outlasts any run, so no two runs send one message.
 *
 * Messages are rendered here, when sent. The sending side (React to render, nodemailer to send) is
 * loaded the first time a message is actually sent, so no function loads it before its answer.
 */
import { headerText } from './address';
import type { OutboxMessage } from './message';
import { claim, dueKeys, settle, unclaim, type Outcome, type QueuedMessage } from './outbox';
import { runBudget, type RunBudget } from '../server/run-budget';
import { RUN_SMTP_CONNECTIONS } from './pool';

/** What the log and the staff's list show of a refusal: one line, no longer than 300 characters. */
function describeFailure(error: unknown): string {
  const text = error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error);
  return headerText(text).slice(0, 300) || 'unknown error';
}

const messagesOf = (claimed: readonly QueuedMessage[]) => claimed.map((queued) => queued.message);

let sendingSide: Promise<{ send: (message: OutboxMessage, connections?: number) => Promise<Outcome> }> | null = null;

/**
 * The sending side, loaded on first use: `send` renders and sends one message (over the pool of
 * `connections`) and answers its outcome, never a throw.
 */
function loadSendingSide() {
  if (sendingSide) return sendingSide;
  sendingSide = Promise.all([import('./render'), import('./transport')]).then(([{ renderMessage }, { sendMessage }]) => ({
    async send(message: OutboxMessage, connections?: number): Promise<Outcome> {
      try {
        await sendMessage(renderMessage(message), connections);
        return { key: message.key, error: null, ...(message.secret ? { forget: true } : {}) };
      } catch (error) {
        const failure = describeFailure(error);
        console.error('[mail]', message.key, 'not sent:', failure);
        return { key: message.key, error: failure };
      }
    },
  }));
  // A failed load is tried again by the next sender.
  sendingSide.catch(() => (sendingSide = null));
  return sendingSide;
}

async function sendAll(messages: readonly OutboxMessage[]): Promise<Outcome[]> {
  if (messages.length === 0) return [];
  const { send } = await loadSendingSide();
  return Promise.all(messages.map((message) => send(message)));
}

export interface DeliveryReport {
  sent: number;
  failed: number;
}

const report = (outcomes: readonly Outcome[]): DeliveryReport => ({
  sent: outcomes.filter((outcome) => outcome.error === null).length,
  failed: outcomes.filter((outcome) => outcome.error !== null).length,
});

/** Candidate keys to claim, a chunk at a time; an empty chunk: none left. */
type KeySource = () => Promise<string[]>;

/**
 * Hands out messages one at a time to the senders, claimed `batch` at a time (one round trip for as
 * many messages as go at once, shared by the senders waiting for it). `unsent()` names those claimed
 * and not handed out when the run stopped taking work.
 */
class Feed {
  private readonly claimed: QueuedMessage[] = [];
  private keys: string[] = [];
  private done = false;
  private refilling: Promise<void> | null = null;

  constructor(
    private readonly source: KeySource,
    private readonly batch: number,
    private readonly now: () => number,
  ) {}

  async take(): Promise<QueuedMessage | null> {
    while (this.claimed.length === 0 && !this.done) {
      this.refilling ??= this.refill().finally(() => (this.refilling = null));
      await this.refilling;
    }
    return this.claimed.shift() ?? null;
  }

  unsent(): string[] {
    return this.claimed.map((queued) => queued.message.key);
  }

  private async refill(): Promise<void> {
    if (this.keys.length === 0) this.keys = await this.source();
    if (this.keys.length === 0) this.done = true;
    // A key still due is claimed; one sent, failed or claimed by another sender meanwhile is passed over.
    else this.claimed.push(...(await claim(this.keys.splice(0, this.batch), this.now())));
  }
}

/**
 * Sends what `feed` hands out, as many at once as the transport has connections, each settled as soon
 * as it is sent, until nothing is left or the run's budget is spent; what was claimed and not sent is
 * due again at once, for the next run.
 */
async function sendWithin(run: RunBudget, source: KeySource, now: () => number): Promise<DeliveryReport> {
  const total: DeliveryReport = { sent: 0, failed: 0 };
  const feed = new Feed(source, RUN_SMTP_CONNECTIONS, now);
  const next = () => (run.spent() ? Promise.resolve(null) : feed.take());
  // Nothing to send: the sending side is not even loaded.
  const first = await next();
  if (!first) return total;
  const { send } = await loadSendingSide();
  const work = async (start: QueuedMessage | null) => {
    for (let queued = start ?? (await next()); queued; queued = await next()) {
      const outcome = await send(queued.message, RUN_SMTP_CONNECTIONS);
      await settle([outcome], now());
      total[outcome.error === null ? 'sent' : 'failed'] += 1;
    }
  };
  await Promise.all([work(first), ...Array.from({ length: RUN_SMTP_CONNECTIONS - 1 }, () => work(null))]);
  await unclaim(feed.unsent(), now());
  return total;
}

/** The keys given, once. */
function listSource(keys: readonly string[]): KeySource {
  let left = [...keys];
  return async () => {
    const chunk = left;
    left = [];
    return chunk;
  };
}

/**
 * Due keys of the queue, a page at a time. A key leaves the due range once taken (claimed, dropped,
 * or claimed by another sender), so a page naming only keys read before means nothing is left.
 */
function queueSource(now: () => number): KeySource {
  const read = new Set<string>();
  return async () => {
    const fresh = (await dueKeys(now(), OUTBOX_PAGE)).filter((key) => !read.has(key));
    for (const key of fresh) read.add(key);
    return fresh;
  };
}

/**
 * Sends the messages of these keys now, if they are still due: with a run's budget (a scheduled run
 * that queued them), within it, the rest left for the outbox run; without one (a function after its
 * answer), all at once.
 */
export async function deliverNow(keys: readonly string[], run?: RunBudget): Promise<DeliveryReport> {
  if (run) return sendWithin(run, listSource(keys), Date.now);
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

/** Due keys read at a time by the scheduled run. */
export const OUTBOX_PAGE = 100;

/**
 * The scheduled outbox run: sends everything due until the queue has nothing due or the run's budget
 * is spent; what is left waits for the next run. `now` is the store's clock (what is due), injected in tests.
 */
export async function deliverDue(run: RunBudget = runBudget(), now: () => number = Date.now): Promise<DeliveryReport> {
  return sendWithin(run, queueSource(now), now);
}

/**
 * Runs work after the answer when the runtime offers it (Netlify's context.waitUntil); without it the
 * queued messages simply wait for the scheduled run.
 */
export function afterAnswer(context: { waitUntil?: (promise: Promise<unknown>) => void }, work: () => Promise<unknown>): void {
  context.waitUntil?.(work().catch((error: unknown) => console.error('[mail] delivery after the answer failed:', describeFailure(error))));
}
