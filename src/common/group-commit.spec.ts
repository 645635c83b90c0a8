import { LanedGroupCommit } from './group-commit.js';

/** A write whose calls are held open until released, recording each batch it was given; an item < 0 fails on its own. */
function controlledWrite() {
  const batches: number[][] = [];
  const held: (() => void)[] = [];
  const write = (items: number[]) =>
    new Promise<number[]>((resolve, reject) => {
      batches.push(items);
      held.push(() =>
        items.length > 1 && items.some((n) => n < 0)
          ? reject(new Error('batch failed'))
          : items.some((n) => n < 0)
            ? reject(new Error(`item ${items[0]}`))
            : resolve(items.map((n) => n * 10)),
      );
    });
  const release = async (i = 0) => {
    held.splice(i, 1)[0]?.();
    for (let k = 0; k < 5; k++) await turn();
  };
  return { batches, held, write, release };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('LanedGroupCommit', () => {
  it('writes a few items waiting while every lane is idle as one batch, in the order they came', async () => {
    const w = controlledWrite();
    const g = new LanedGroupCommit(w.write, 2, 8);
    const results = [g.push(1, 0), g.push(2, 1), g.push(3, 0)];
    await turn();
    expect(w.batches).toEqual([[1, 2, 3]]);
    // while the merged batch is out, every lane is busy: new items wait for it
    const later = [g.push(4, 0), g.push(5, 1)];
    await turn();
    expect(w.batches).toHaveLength(1);
    await w.release();
    await expect(Promise.all(results)).resolves.toEqual([10, 20, 30]);
    expect(w.batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    await w.release();
    await expect(Promise.all(later)).resolves.toEqual([40, 50]);
  });

  it('gives each lane its own batch in a rush, and lets an idle lane write while another is out', async () => {
    const w = controlledWrite();
    const g = new LanedGroupCommit(w.write, 2, 2);
    const first = [1, 2, 3, 4].map((n) => g.push(n, n % 2));
    await turn();
    expect(w.batches).toEqual([
      [2, 4],
      [1, 3],
    ]);
    // lane 0's next items wait for lane 0 only: once its batch commits they go, while lane 1's batch is still out
    const next = [g.push(6, 0), g.push(8, 0), g.push(10, 0)];
    await turn();
    expect(w.batches).toHaveLength(2);
    await w.release(0); // lane 0's [2, 4]
    expect(w.batches).toEqual([
      [2, 4],
      [1, 3],
      [6, 8, 10],
    ]);
    await w.release(0); // lane 1's [1, 3]
    await w.release(0); // lane 0's [6, 8, 10]
    await expect(Promise.all([...first, ...next])).resolves.toEqual([10, 20, 30, 40, 60, 80, 100]);
  });

  it('keeps one batch per lane in flight, at most maxBatch items each', async () => {
    const w = controlledWrite();
    const g = new LanedGroupCommit(w.write, 2, 0, 3);
    const all = Array.from({ length: 7 }, (_, i) => g.push(i + 1, 0));
    await turn();
    expect(w.batches).toEqual([[1, 2, 3]]);
    await w.release();
    expect(w.batches.at(-1)).toEqual([4, 5, 6]);
    await w.release();
    expect(w.batches.at(-1)).toEqual([7]);
    await w.release();
    await expect(Promise.all(all)).resolves.toEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it('fails only the item a failed batch was about: its neighbours are written again on their own', async () => {
    const w = controlledWrite();
    const g = new LanedGroupCommit(w.write, 2, 8);
    const outcomes = [g.push(1, 0), g.push(-2, 1), g.push(3, 0)].map((p) =>
      p.then(
        (v) => v,
        (e: Error) => e.message,
      ),
    );
    await turn();
    await w.release(); // the batch [1, -2, 3] fails as a whole
    while (w.held.length > 0) await w.release();
    await expect(Promise.all(outcomes)).resolves.toEqual([10, 'item -2', 30]);
    expect(w.batches).toEqual([[1, -2, 3], [1], [-2], [3]]);
  });
});
