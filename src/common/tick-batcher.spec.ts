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

  it('does not hold a batch back while an earlier one is still being written (a lock wait stalls only its own)', async () => {
    const w = controlledWrite();
    const b = new TickBatcher(w.write);
    const first = b.push(1);
    await turn();
    const later = [2, 3].map((n) => b.push(n));
    await turn();
    expect(w.batches).toEqual([[1], [2, 3]]); // the second left while the first is still open
    w.pending[1](); // the later batch completes first
    await expect(Promise.all(later)).resolves.toEqual([20, 30]);
    w.pending[0]();
    await expect(first).resolves.toBe(10);
  });

  it('writes at most maxBatch items at once', async () => {
    const w = controlledWrite();
    const b = new TickBatcher(w.write, 2);
    const all = [1, 2, 3, 4, 5].map((n) => b.push(n));
    await turn();
    expect(w.batches).toEqual([[1, 2], [3, 4], [5]]);
    w.pending.forEach((release) => release());
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

  it("turns a write that throws synchronously into its caller's rejection", async () => {
    const b = new TickBatcher<number, number>((items) => {
      if (items.includes(2)) throw new Error('sync');
      return Promise.resolve(items);
    });
    const results = await Promise.allSettled([1, 2].map((n) => b.push(n)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([1, 'sync']);
  });
});
