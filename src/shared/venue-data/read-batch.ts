/**
 * A StoreReader that sends the reads asked for at the same time as one pipeline: every family starts
 * reading at once, so their first reads (indexes, lists) go together, then the records those name, and
 * a read of every family costs as many round trips as its longest chain of dependent reads (two),
 * not one per family. Reads asked for before the pipeline leaves (up to the next turn of the event
 * loop, after every pending promise callback has run) join it.
 */
import type { Store } from '../server/store';
import { runReads, type StoreRead } from '../server/store-read';
import type { StoreReader } from './registry';

interface Pending {
  read: StoreRead<unknown>;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

export class ReadBatch implements StoreReader {
  #pending: Pending[] = [];
  /** Pipelines sent so far (round trips; reads answered without the store send none). */
  roundTrips = 0;

  constructor(private readonly store: Store) {}

  read<T>(read: StoreRead<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.length === 0) setImmediate(() => void this.#send());
      this.#pending.push({ read, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  async #send(): Promise<void> {
    const batch = this.#pending;
    this.#pending = [];
    if (batch.some((pending) => pending.read.call)) this.roundTrips += 1;
    try {
      const answers = await runReads(this.store, batch.map((pending) => pending.read));
      batch.forEach((pending, index) => pending.resolve(answers[index]));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
  }
}
