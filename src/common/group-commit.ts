interface Waiting<I, O> {
  item: I;
  resolve: (o: O) => void;
  reject: (e: unknown) => void;
}

/** Writes a batch and settles each item's promise with its own outcome (see GroupCommit). */
async function writeBatch<I, O>(write: (items: I[]) => Promise<O[]>, batch: Waiting<I, O>[]): Promise<void> {
  try {
    const results = await write(batch.map((w) => w.item));
    if (results.length !== batch.length) throw new Error(`group commit: ${results.length} results for ${batch.length} items`);
    batch.forEach((w, i) => w.resolve(results[i]));
  } catch (e) {
    if (batch.length === 1) return batch[0].reject(e);
    for (const w of batch) await write([w.item]).then(([o]) => w.resolve(o), w.reject);
  }
}

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
  private waiting: Waiting<I, O>[] = [];
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

  private run(batch: Waiting<I, O>[]): Promise<void> {
    return writeBatch(this.write, batch);
  }
}

/**
 * Group commit over lanes whose batches touch different rows (the ledger's deposits, laned by the world shard they
 * debit): each lane has one batch in flight, so in a rush the lanes' batches overlap (one is prepared in node while
 * PostgreSQL writes and commits another) instead of taking turns. While every lane is idle and at most `mergeUpTo`
 * items wait, they go as one batch on all lanes at once: a few writers still share one statement and one commit.
 * Items of one lane keep their order; a merged batch keeps the order of arrival.
 */
export class LanedGroupCommit<I, O> {
  private readonly waiting: { seq: number; w: Waiting<I, O> }[][];
  private readonly busy: boolean[];
  private seq = 0;
  private scheduled = false;

  constructor(
    private readonly write: (items: I[]) => Promise<O[]>,
    lanes: number,
    private readonly mergeUpTo = 8,
    private readonly maxBatch = 500,
  ) {
    this.waiting = Array.from({ length: lanes }, () => []);
    this.busy = Array.from({ length: lanes }, () => false);
  }

  get lanes(): number {
    return this.busy.length;
  }

  push(item: I, lane: number): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting[lane].push({ seq: this.seq++, w: { item, resolve, reject } });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || !this.waiting.some((q, lane) => q.length > 0 && !this.busy[lane])) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  private drain(): void {
    const total = this.waiting.reduce((n, q) => n + q.length, 0);
    if (total > 0 && total <= this.mergeUpTo && !this.busy.includes(true)) {
      const batch = this.waiting.flatMap((q) => q.splice(0)).sort((a, b) => a.seq - b.seq);
      this.start([...this.busy.keys()], batch);
      return;
    }
    this.waiting.forEach((q, lane) => {
      if (!this.busy[lane] && q.length > 0) this.start([lane], q.splice(0, this.maxBatch));
    });
  }

  private start(lanes: number[], batch: { w: Waiting<I, O> }[]): void {
    for (const lane of lanes) this.busy[lane] = true;
    void writeBatch(
      this.write,
      batch.map((b) => b.w),
    ).finally(() => {
      for (const lane of lanes) this.busy[lane] = false;
      this.schedule();
    });
  }
}
