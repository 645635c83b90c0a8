/** Domain code reads time from an injected clock, never from Date.now(). */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock tests set and move by hand. */
export class ManualClock extends Clock {
  constructor(private current: Date = new Date()) {
    super();
  }
  now(): Date {
    return new Date(this.current.getTime());
  }
  set(instant: Date | string): void {
    this.current = new Date(instant);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
