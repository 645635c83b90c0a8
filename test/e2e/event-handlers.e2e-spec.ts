import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ModulesContainer } from '@nestjs/core';
import { createTestApp, TestApp } from '../setup/test-app.js';

// Every event class the source publishes has at least one @EventsHandler registered in the running api (an event
// nobody handles is dead code or a forgotten reaction). Handlers are read from the app's module metadata.

const SRC = resolve(__dirname, '..', '..', 'src');
const EVENTS_HANDLER_METADATA = '__eventsHandler__';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.spec\.ts$/.test(name) ? [path] : [];
  });
}

/**
 * Classes constructed inside an EventBus publish/publishAll call or a TransactionalEvents publish (`events.publish`, and
 * the challenges' `notify`), plus every class declared in an events/ folder that is not a handler.
 */
function publishedEventClasses(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:eventBus|events)\.publish(?:All)?\(\s*\[?\s*new (\w+)\(/g)) names.add(m[1]);
    for (const m of code.matchAll(/\.notify\(\s*new (\w+)\(/g)) names.add(m[1]);
    if (/[\\/]events[\\/]/.test(file) && !/@\w*EventsHandler\(/.test(code)) for (const m of code.matchAll(/export class (\w+)/g)) names.add(m[1]);
  }
  return names;
}

describe('domain events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('every published event class has at least one handler in the app', () => {
    const published = publishedEventClasses();
    // the scan itself works: events known to be published are found
    expect([...published]).toEqual(
      expect.arrayContaining([
        'LedgerEntryPosted',
        'CheckInPhotoUploadFailed',
        'DepositCredited',
        'WithdrawalPaid',
        'WithdrawalFailed',
        'ChallengesSettled',
        'AppealDecided',
        'ChallengeMissed',
      ]),
    );
    // what @nestjs/cqrs's explorer reads: every provider of every module carrying @EventsHandler metadata
    const handled = new Set<string>();
    for (const mod of t.app.get(ModulesContainer).values()) {
      for (const wrapper of mod.providers.values()) {
        const events = wrapper.metatype ? (Reflect.getMetadata(EVENTS_HANDLER_METADATA, wrapper.metatype) as { name: string }[] | undefined) : undefined;
        for (const e of events ?? []) handled.add(e.name);
      }
    }
    expect(handled.size).toBeGreaterThan(0);
    expect([...published].filter((name) => !handled.has(name)).sort()).toEqual([]);
  });
});
