import { SchedulerRegistry } from '@nestjs/schedule';
import { ManualClock } from '../../../common/clock.js';
import type { AppConfig } from '../../../config/app-config.js';
import { AvailabilityRecorder } from './availability-recorder.js';
import type { AvailabilityRepository, SampleDelta } from './availability.repository.js';

function recorder(addSamples: (d: SampleDelta[]) => Promise<void>, clock = new ManualClock(new Date('2026-11-23T00:50:10Z'))) {
  const repo = { addSamples } as unknown as AvailabilityRepository;
  const r = new AvailabilityRecorder({ availabilityRecorder: 'manual' } as AppConfig, clock, repo, {} as never, {} as never, new SchedulerRegistry());
  r.role = 'api';
  return { r, clock };
}

describe('AvailabilityRecorder', () => {
  it('counts the check-in route per minute: answers, 5xx, photo uploads and refused photos', async () => {
    const flushed: SampleDelta[][] = [];
    const { r, clock } = recorder(async (d) => void flushed.push(d));
    r.checkInAnswered(200, false);
    r.checkInAnswered(503, true);
    r.uploadFailed();
    clock.advance(60_000);
    r.checkInAnswered(500, false);
    r.beat();
    await r.flush();
    expect(flushed[0].map((d) => [d.minute.toISOString(), d.checkins, d.checkinErrors, d.uploads, d.uploadFailures, d.beats])).toEqual([
      ['2026-11-23T00:50:00.000Z', 2, 1, 1, 1, 0],
      ['2026-11-23T00:51:00.000Z', 1, 1, 0, 0, 1],
    ]);
  });

  it('keeps the counts for the next flush when PostgreSQL cannot take them (a database outage is recorded once it is back)', async () => {
    let down = true;
    const flushed: SampleDelta[][] = [];
    const { r } = recorder(async (d) => {
      if (down) throw new Error('connection refused');
      flushed.push(d);
    });
    r.checkInAnswered(503, false);
    await expect(r.flush()).rejects.toThrow('connection refused');
    r.checkInAnswered(503, false);
    down = false;
    await r.flush();
    expect(flushed).toHaveLength(1);
    expect(flushed[0][0]).toMatchObject({ checkins: 2, checkinErrors: 2 });
  });

  it('records nothing when switched off', async () => {
    const flushed: SampleDelta[][] = [];
    const repo = { addSamples: async (d: SampleDelta[]) => void flushed.push(d) } as unknown as AvailabilityRepository;
    const r = new AvailabilityRecorder(
      { availabilityRecorder: 'off' } as AppConfig,
      new ManualClock(),
      repo,
      {} as never,
      {} as never,
      new SchedulerRegistry(),
    );
    r.checkInAnswered(503, true);
    r.beat();
    await r.flush();
    expect(flushed).toEqual([]);
  });
});
