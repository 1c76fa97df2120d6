import { describe, expect, it } from 'vitest';
import type { Store } from '../server/store';
import type { StoreRead } from '../server/store-read';
import { ReadBatch } from './read-batch';

/** A store whose scripts answer their first argument; it records each round trip's calls. */
function fakeStore(fail = false) {
  const trips: string[][] = [];
  const answer = (args: Array<string | number>) => {
    if (fail) throw new Error('store down');
    return `answer ${String(args[0])}`;
  };
  const store = {
    eval: async (_script: string, _keys: string[], args: Array<string | number>) => {
      trips.push([String(args[0])]);
      return answer(args);
    },
    pipeline: () => {
      const calls: Array<Array<string | number>> = [];
      const pipeline = {
        eval: (_script: string, _keys: string[], args: Array<string | number>) => (calls.push(args), pipeline),
        exec: async () => {
          trips.push(calls.map((args) => String(args[0])));
          return calls.map(answer);
        },
      };
      return pipeline;
    },
  };
  return { store: store as unknown as Store, trips };
}

const named = (name: string): StoreRead<string> => ({ call: { script: 'return ARGV[1]', keys: [], args: [name] }, read: (answer) => `${String(answer)} read` });
const known: StoreRead<string> = { read: () => 'known without asking' };

describe('ReadBatch', () => {
  it('sends the reads asked for at the same time together, however deep the promise chains that ask for the next ones', async () => {
    const { store, trips } = fakeStore();
    const reader = new ReadBatch(store);
    const chain = async (name: string, depth: number) => {
      const first = await reader.read(named(`${name}1`));
      for (let hop = 0; hop < depth; hop += 1) await Promise.resolve();
      return [first, await reader.read(named(`${name}2`))];
    };
    const answers = await Promise.all([chain('a', 0), chain('b', 5), chain('c', 50), reader.read(named('d1'))]);
    expect(answers).toEqual([
      ['answer a1 read', 'answer a2 read'],
      ['answer b1 read', 'answer b2 read'],
      ['answer c1 read', 'answer c2 read'],
      'answer d1 read',
    ]);
    expect(trips).toEqual([
      ['a1', 'b1', 'c1', 'd1'],
      ['a2', 'b2', 'c2'],
    ]);
    expect(reader.roundTrips).toBe(2);
  });

  it('answers a read that needs no store without a round trip', async () => {
    const { store, trips } = fakeStore();
    const reader = new ReadBatch(store);
    expect(await reader.read(known)).toBe('known without asking');
    expect(await Promise.all([reader.read(known), reader.read(named('x'))])).toEqual(['known without asking', 'answer x read']);
    expect(trips).toEqual([['x']]);
    expect(reader.roundTrips).toBe(1);
  });

  it('fails every read of a round trip the store fails', async () => {
    const { store } = fakeStore(true);
    const reader = new ReadBatch(store);
    const reads = [reader.read(named('a')), reader.read(named('b'))];
    for (const read of reads) await expect(read).rejects.toThrow('store down');
  });
});
