/**
 * Group commit of writes that contend with each other (the ledger's own-transaction posts on the same projection rows,
 * photo check-ins under the fingerprint lock): the items that arrive while every slot is busy wait, and when a slot
 * frees the waiting ones are written together by one call of `write` (one transaction, one commit). Unlike
 * TickBatcher, batches are held back: at most `slots` are in flight, so a rush becomes a few large batches instead of
 * many small ones queueing on the same rows or lock, each holding a pool connection while it waits. With a slot free an item waits one turn of
 * the event loop only (the items of that turn share the free slots), so a quiet path answers as fast as without it.
 * `write` answers one outcome per item, in order (an item's own failure is its outcome, not the batch's); should a
 * batch still throw, each of its items is written again on its own, so an error reaches only the caller it belongs to.
 */
export class GroupCommit<I, O> {
  private waiting: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly write: (items: I[]) => Promise<O[]>,
    private readonly slots = 2,
    private readonly maxBatch = 500,
  ) {}

  push(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.slots || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  /** The waiting items, shared evenly among the free slots (two posts of one turn with two free slots: two singles). */
  private drain(): void {
    const free = this.slots - this.inFlight;
    if (free <= 0 || this.waiting.length === 0) return;
    const size = Math.min(this.maxBatch, Math.ceil(this.waiting.length / free));
    for (let s = 0; s < free && this.waiting.length > 0; s++) {
      const batch = this.waiting.splice(0, size);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.schedule();
      });
    }
  }

  private async run(batch: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[]): Promise<void> {
    try {
      const results = await this.write(batch.map((w) => w.item));
      if (results.length !== batch.length) throw new Error(`group commit: ${results.length} results for ${batch.length} items`);
      batch.forEach((w, i) => w.resolve(results[i]));
    } catch (e) {
      if (batch.length === 1) return batch[0].reject(e);
      for (const w of batch) await this.write([w.item]).then(([o]) => w.resolve(o), w.reject);
    }
  }
}
