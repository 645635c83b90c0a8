import { SchedulerRegistry } from '@nestjs/schedule';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ManualClock } from '../../src/common/clock.js';
import { AvailabilityRecorder, HEARTBEAT_INTERVAL } from '../../src/modules/availability/infrastructure/availability-recorder.js';
import { createTestApp } from '../setup/test-app.js';

/**
 * The availability heartbeat is an interval of @nestjs/schedule, not a hand-made timer: registered in the
 * SchedulerRegistry when the recorder is `on` (absent otherwise), cleared when the application closes, and the counts
 * still in memory are flushed to availability_samples on the way out. The clock stands in 2039 (a minute no other test
 * file reads); the sample written is removed afterwards.
 */
describe('availability heartbeat on @nestjs/schedule', () => {
  const MINUTE = new Date('2039-04-11T01:02:00Z');

  it('registers the heartbeat only when the recorder is on, stops it on close, and flushes the last beats', async () => {
    const off = await createTestApp({ env: { AVAILABILITY_RECORDER: 'manual' }, clock: new ManualClock(new Date('2039-04-11T01:01:30Z')) });
    try {
      expect(off.app.get(SchedulerRegistry).doesExist('interval', HEARTBEAT_INTERVAL)).toBe(false);
    } finally {
      await off.close();
    }

    const t = await createTestApp({ env: { AVAILABILITY_RECORDER: 'on' }, clock: new ManualClock(new Date(MINUTE.getTime() + 12_000)) });
    const registry = t.app.get(SchedulerRegistry);
    const processId = t.app.get(AvailabilityRecorder).processId;
    const ds = t.app.get<DataSource>(getDataSourceToken());
    // a second connection to read after the app (and its pool) is closed
    const reader = new DataSource({ ...(ds.options as object), extra: { max: 1 } } as never);
    await reader.initialize();
    try {
      expect(registry.doesExist('interval', HEARTBEAT_INTERVAL)).toBe(true);
      await t.close();
      expect(registry.doesExist('interval', HEARTBEAT_INTERVAL)).toBe(false);
      // the beat of the bootstrap, flushed at shutdown (no tick ran: the interval is 15 s)
      const rows = (await reader.query(`SELECT role, beats, minute FROM availability_samples WHERE process_id = $1`, [processId])) as {
        role: string;
        beats: number;
        minute: Date;
      }[];
      expect(rows).toEqual([{ role: 'api', beats: 1, minute: MINUTE }]);
    } finally {
      await reader.query(`DELETE FROM availability_samples WHERE process_id = $1`, [processId]);
      await reader.destroy();
    }
  });
});
