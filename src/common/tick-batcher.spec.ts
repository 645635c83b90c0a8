import { TickBatcher } from './tick-batcher.js';

/** A write whose calls can be held open and released one by one, recording each batch it was given. */
function controlledWrite() {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const write = (items: number[]) =>
    new Promise<number[]>((resolve) => {
      batches.push(items);
      pending.push(() => resolve(items.map((n) => n * 10)));
    });
  const releaseOne = async () => {
    pending.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { batches, pending, write, releaseOne };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('TickBatcher (group commit)', () => {
  it('writes what is pushed in one turn as one batch, each caller getting its own result', async () => {
    const w = controlledWrite();
    const b = new TickBatcher(w.write);
    const results = [1, 2, 3].map((n) => b.push(n));
    await turn();
    expect(w.batches).toEqual([[1, 2, 3]]);
    await w.releaseOne();
    await expect(Promise.all(results)).resolves.toEqual([10, 20, 30]);
  });

  it('keeps at most maxInFlight batches open; what arrives meanwhile leaves together when one completes', async () => {
    const w = controlledWrite();
    const b = new TickBatcher(w.write, 500, 1);
    const first = b.push(1);
    await turn();
    const later = [2, 3, 4].map((n) => b.push(n));
    await turn();
    const more = b.push(5);
    await turn();
    expect(w.batches).toEqual([[1]]); // the rest wait for the open batch
    await w.releaseOne();
    expect(w.batches).toEqual([[1], [2, 3, 4, 5]]);
    await w.releaseOne();
    await expect(Promise.all([first, ...later, more])).resolves.toEqual([10, 20, 30, 40, 50]);
  });

  it('splits what waits into batches of at most maxBatch', async () => {
    const w = controlledWrite();
    const b = new TickBatcher(w.write, 2, 2);
    const all = [1, 2, 3, 4, 5].map((n) => b.push(n));
    await turn();
    expect(w.batches).toEqual([[1, 2], [3, 4]]);
    await w.releaseOne();
    expect(w.batches).toEqual([[1, 2], [3, 4], [5]]);
    while (w.pending.length) await w.releaseOne();
    await expect(Promise.all(all)).resolves.toEqual([10, 20, 30, 40, 50]);
  });

  it('retries a failed batch item by item, so an error reaches only its own caller', async () => {
    const calls: number[][] = [];
    const b = new TickBatcher<number, number>(async (items) => {
      calls.push(items);
      if (items.includes(2)) throw new Error(`bad ${items.join(',')}`);
      return items.map((n) => n + 100);
    });
    const results = await Promise.allSettled([1, 2, 3].map((n) => b.push(n)));
    expect(calls).toEqual([[1, 2, 3], [1], [2], [3]]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([101, 'bad 2', 103]);
  });

  it('keeps writing after a failure (the in-flight count is released)', async () => {
    let fail = true;
    const b = new TickBatcher<number, number>(async (items) => {
      if (fail) throw new Error('down');
      return items;
    }, 500, 1);
    await expect(b.push(1)).rejects.toThrow('down');
    fail = false;
    await expect(Promise.all([b.push(2), b.push(3)])).resolves.toEqual([2, 3]);
  });
});
