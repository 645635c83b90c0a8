import { applyDecorators, Global, Inject, Injectable, Module, Type } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { EventsHandler } from '@nestjs/cqrs';
import type { EntityManager } from 'typeorm';

/** What runs once the publisher's transaction has committed (e.g. queue a mail the handler staged in the outbox). */
export type AfterCommit = () => Promise<void>;

/**
 * An event published inside its publisher's transaction carries that transaction: its handlers write with `manager`.
 * (An event published after the commit carries none: what it reports is already stored.)
 */
export interface InTransactionEvent {
  readonly manager: EntityManager;
}

/** A handler run by TransactionalEvents.publish, awaited; it may answer work to do after the commit. */
export interface ITransactionalEventHandler<E extends object> {
  handle(event: E): Promise<void | AfterCommit>;
}

const Discoverable = DiscoveryService.createDecorator<Type[]>();

/**
 * Marks a handler of events published through TransactionalEvents. It is also an @EventsHandler (the app's handler
 * inventory, test/e2e/event-handlers.e2e-spec.ts), but these events never go onto the fire-and-forget EventBus.
 */
export function TransactionalEventsHandler(...events: Type[]): ClassDecorator {
  return applyDecorators(EventsHandler(...events), Discoverable(events));
}

/**
 * The awaited dispatch @nestjs/cqrs's EventBus does not offer (its publish returns before any handler ran): every
 * handler of the event runs in turn, inside the publisher's transaction when the event carries its manager, so a fact
 * and what it causes (a deposit and its notification) commit or roll back together, exactly once. A handler's error
 * reaches the publisher. An event with no handler is refused: it would be a fact nobody reacts to.
 */
@Injectable()
export class TransactionalEvents {
  private handlers?: Map<Type, ITransactionalEventHandler<object>[]>;

  constructor(@Inject(DiscoveryService) private readonly discovery: DiscoveryService) {}

  /** Runs every handler of the event (awaited); answers what to run after the commit (nothing to do: a no-op). */
  async publish(event: object): Promise<AfterCommit> {
    const handlers = this.handlersOf(event.constructor as Type);
    if (handlers.length === 0) throw new Error(`${event.constructor.name} has no handler`);
    const after: AfterCommit[] = [];
    for (const h of handlers) {
      const then = await h.handle(event);
      if (then) after.push(then);
    }
    return async () => {
      for (const run of after) await run();
    };
  }

  private handlersOf(event: Type): ITransactionalEventHandler<object>[] {
    if (!this.handlers) {
      const found = new Map<Type, ITransactionalEventHandler<object>[]>();
      for (const wrapper of this.discovery.getProviders({ metadataKey: Discoverable.KEY })) {
        const instance = wrapper.instance as ITransactionalEventHandler<object> | undefined;
        if (!instance) continue;
        for (const e of this.discovery.getMetadataByDecorator(Discoverable, wrapper) ?? []) found.set(e, [...(found.get(e) ?? []), instance]);
      }
      this.handlers = found;
    }
    return this.handlers.get(event) ?? [];
  }
}

/** Provides TransactionalEvents everywhere (CoreModule imports it). */
@Global()
@Module({ imports: [DiscoveryModule], providers: [TransactionalEvents], exports: [TransactionalEvents] })
export class TransactionalEventsModule {}
