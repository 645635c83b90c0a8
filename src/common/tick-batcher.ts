/**
 * Group commit for hot single-row writes: the items pushed in the same turn of the event loop are written by one
 * call of `write` (one statement answering one result per item, in order), so a rush of concurrent requests costs one
 * round trip and one commit per turn instead of one per request. Every caller still waits for its own item's result.
 * Should a batch fail, each of its items is written again on its own: one bad item never costs the others theirs,
 * and an error reaches only the caller it belongs to.
 *
 * Batches are not held back while an earlier one is still being written: a batch that waits on a row lock (a late
 * check-in on a challenge the missed-window job is closing) must not stall the rest of the rush behind it. Holding
 * them back was tried; under the benchmark's rush it did not make the batches larger (docs/decisions.md).
 */
export class TickBatcher<I, O> {
  private waiting: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];

  constructor(
    private readonly write: (items: I[]) => Promise<O[]>,
    private readonly maxBatch = 500,
  ) {}

  push(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.flush());
      this.waiting.push({ item, resolve, reject });
      if (this.waiting.length >= this.maxBatch) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length === 0) return;
    if (batch.length > 1) {
      const results = await this.writeSafely(batch.map((w) => w.item)).catch(() => null);
      if (results?.length === batch.length) return batch.forEach((w, i) => w.resolve(results[i]));
    }
    for (const w of batch) this.writeSafely([w.item]).then(([o]) => w.resolve(o), w.reject);
  }

  /** `write`, with a synchronous throw turned into a rejection (so it reaches the caller instead of escaping). */
  private writeSafely(items: I[]): Promise<O[]> {
    return new Promise<O[]>((resolve) => resolve(this.write(items)));
  }
}
