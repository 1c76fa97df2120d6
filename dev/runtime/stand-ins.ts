// The local stand-ins for the hosted services (the store, the admin password, payments, …). Each is
// one module exporting a StandIn; `npm start` and `npm run dev` list the ones they run. They start in
// the listed order, their variables reach the functions through process.env, and they stop in reverse
// order.
import { describe, warn } from './log';

export interface StandInContext {
  /** Tests: throw-away state only, never the developer's local data (.data/) or accounts. */
  private: boolean;
  /** The site's address (SITE_URL), e.g. for webhooks a stand-in sends to the site. */
  siteUrl: string;
}

export interface RunningStandIn {
  /** Variables the functions read. */
  env: Record<string, string>;
  /** Lines printed before the ready line, e.g. `Store: …`. */
  notes?: string[];
  /** Its phrase on the ready line, e.g. `admin password: …`. */
  readyPhrase?: string;
  /** Stops what it started. */
  close?(): Promise<void>;
}

export interface StandIn {
  /** What it stands in for, as a warning names it ("closing the Stripe emulator: …"). */
  name: string;
  start(context: StandInContext): Promise<RunningStandIn>;
}

export interface StandIns {
  /** Every variable the stand-ins set, SITE_URL included; already set on process.env. */
  env: Record<string, string>;
  notes: string[];
  /** The ready line's phrases, in the listed order. */
  readyPhrases: string[];
  /** The ready-line phrase of one of the started stand-ins. */
  readyPhraseOf(standIn: StandIn): string | undefined;
  /** Stops them all in reverse order; safe to call more than once. */
  close(): Promise<void>;
}

/** Starts the stand-ins in order; when one fails, those already started are stopped again. */
export async function startStandIns(standIns: readonly StandIn[], context: StandInContext): Promise<StandIns> {
  const running = new Map<StandIn, RunningStandIn>();
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      for (const [standIn, instance] of [...running].reverse()) {
        await instance.close?.().catch((error: unknown) => warn(`closing ${standIn.name}: ${describe(error)}`));
      }
    })());

  try {
    for (const standIn of standIns) running.set(standIn, await standIn.start(context));
  } catch (error) {
    await close();
    throw error;
  }
  const instances = [...running.values()];
  const env: Record<string, string> = Object.assign({}, ...instances.map((instance) => instance.env), { SITE_URL: context.siteUrl });
  Object.assign(process.env, env);
  return {
    env,
    notes: instances.flatMap((instance) => instance.notes ?? []),
    readyPhrases: instances.flatMap((instance) => (instance.readyPhrase ? [instance.readyPhrase] : [])),
    readyPhraseOf: (standIn) => running.get(standIn)?.readyPhrase,
    close,
  };
}
