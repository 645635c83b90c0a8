import { Injectable } from '@nestjs/common';
import { CqrsModule, EventBus, EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import { CachedEventIdProvider } from './cached-event-id-provider.js';

class Pinged {
  constructor(readonly n: number) {}
}
class Ponged {
  constructor(readonly n: number) {}
}
class Unheard {}

/** A handler class of `event` that keeps the numbers it saw. */
function recorderOf(event: typeof Pinged | typeof Ponged) {
  @Injectable()
  @EventsHandler(event)
  class Recorder implements IEventHandler<Pinged | Ponged> {
    readonly seen: number[] = [];
    handle(e: Pinged | Ponged): void {
      this.seen.push(e.n);
    }
  }
  return Recorder;
}
const PingedHandler = recorderOf(Pinged);
const PongedHandler = recorderOf(Ponged);

describe('CachedEventIdProvider', () => {
  it('reads the id @EventsHandler gave an event class (one per class, null without a handler), the same every time', () => {
    const ids = new CachedEventIdProvider();
    const ping = ids.getEventId(Pinged);
    expect(ping).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids.getEventId(Pinged)).toBe(ping);
    expect(ids.getEventId(Ponged)).not.toBe(ping);
    expect(ids.getEventId(Unheard)).toBeNull();
  });

  it('lets the event bus deliver each event to its own handlers only', async () => {
    const app = await Test.createTestingModule({
      imports: [CqrsModule.forRoot({ eventIdProvider: new CachedEventIdProvider() })],
      providers: [PingedHandler, PongedHandler],
    }).compile();
    await app.init();
    const bus = app.get(EventBus);
    bus.publish(new Pinged(1));
    bus.publish(new Ponged(2));
    bus.publish(new Pinged(3));
    bus.publish(new Unheard());
    await new Promise((r) => setImmediate(r));
    expect(app.get(PingedHandler).seen).toEqual([1, 3]);
    expect(app.get(PongedHandler).seen).toEqual([2]);
    await app.close();
  });
});
