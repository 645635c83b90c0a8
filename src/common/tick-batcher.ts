/**
 * Group commit for hot single-row writes: the items pushed in the same turn of the event loop are written by one
 * call of `write` (one statement answering one result per item, in order), so a rush of concurrent requests costs one
 * round trip and one commit per batch instead of one per request. Every caller still waits for its own item's result.
 *
 * At most `maxInFlight` batches are being written at once; what is pushed meanwhile waits and goes in the next batch
 * as soon as one completes (classic group commit: the busier the rush, the larger the batches). When nothing is in
 * flight a batch leaves on the next turn, so a lone request waits no longer than before.
 *
 * Should a batch fail, each of its items is written again on its own: one bad item never costs the others theirs,
 * and an error reaches only the caller it belongs to.
 */
type Waiter<I, O> = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };

export class TickBatcher<I, O> {
  private waiting: Waiter<I, O>[] = [];
  private scheduled = false;
  private inFlight = 0;

  constructor(
    private readonly write: (items: I[]) => Promise<O[]>,
    private readonly maxBatch = 500,
    private readonly maxInFlight = 1,
  ) {}

  push(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.waiting.length >= this.maxBatch) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.flush();
        });
      }
    });
  }

  /** Starts batches while some wait and fewer than maxInFlight are being written; a completing batch calls it again. */
  private flush(): void {
    while (this.waiting.length > 0 && this.inFlight < this.maxInFlight) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.inFlight++;
      void this.writeBatch(batch).finally(() => {
        this.inFlight--;
        this.flush();
      });
    }
  }

  private async writeBatch(batch: Waiter<I, O>[]): Promise<void> {
    if (batch.length > 1) {
      const results = await this.write(batch.map((w) => w.item)).catch(() => null);
      if (results?.length === batch.length) return batch.forEach((w, i) => w.resolve(results[i]));
    }
    await Promise.all(batch.map((w) => this.write([w.item]).then(([o]) => w.resolve(o), w.reject)));
  }
}
