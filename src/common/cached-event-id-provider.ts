import type { Type } from '@nestjs/common';
import type { EventIdProvider, IEvent } from '@nestjs/cqrs';
import 'reflect-metadata';

/** Where @nestjs/cqrs's @EventsHandler keeps an event class's id (its decorators/constants EVENT_METADATA). */
const EVENT_METADATA = '__event__';

/**
 * The event bus's id lookup, remembered per event class. @nestjs/cqrs filters every published event through every
 * registered handler's subscription, each asking the id of the event's class; the default provider reads it with
 * Reflect.getMetadata each time (~26 µs a ledger post with this app's handlers, docs/performance.md). Ids are set when
 * the handler classes are decorated, at import, before the bus registers them or anything is published, and never change.
 */
export class CachedEventIdProvider implements EventIdProvider {
  private readonly ids = new WeakMap<object, string | null>();

  getEventId(event: Type<IEvent>): string | null {
    let id = this.ids.get(event);
    if (id === undefined) {
      id = (Reflect.getMetadata(EVENT_METADATA, event) as { id?: string } | undefined)?.id ?? null;
      this.ids.set(event, id);
    }
    return id;
  }
}
