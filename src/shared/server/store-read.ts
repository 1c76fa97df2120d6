/**
 * A store read prepared as one script call with the reading of its answer, so that reads which do
 * not depend on each other run together in one pipeline: one round trip for all of them.
 */
import type { Script } from './script';
import type { Store } from './store';

export interface StoreRead<T> {
  /** The script call; none when the answer is known without asking (nothing to read). */
  call?: { script: string; keys: string[]; args: Array<string | number> };
  read(answer: unknown): T;
}

/** A named script's call (script.ts), for a read. */
export const scriptCall = <Input>(script: Script<Input>, input: Input): NonNullable<StoreRead<unknown>['call']> => ({ script: script.source, ...script.layout(input) });

type Answers<Reads extends readonly StoreRead<unknown>[]> = { [K in keyof Reads]: Reads[K] extends StoreRead<infer T> ? T : never };

/** Runs the reads in one pipeline (one round trip; none when no read needs the store). */
export async function runReads<const Reads extends readonly StoreRead<unknown>[]>(store: Store, reads: Reads): Promise<Answers<Reads>> {
  const calls = reads.filter((read) => read.call !== undefined);
  let answers: unknown[] = [];
  if (calls.length === 1) {
    const { script, keys, args } = calls[0]!.call!;
    answers = [await store.eval(script, keys, args)];
  } else if (calls.length > 1) {
    const pipeline = store.pipeline();
    for (const { call } of calls) pipeline.eval(call!.script, call!.keys, call!.args);
    answers = await pipeline.exec();
  }
  let next = 0;
  return reads.map((read) => read.read(read.call ? answers[next++] : undefined)) as Answers<Reads>;
}
