import type { CommandBus } from '@nestjs/cqrs';
import type { Job, Queue } from 'bullmq';
import type { AppConfig } from '../../../../config/app-config.js';
import { PurgeExpiredPhotosCommand } from '../commands/purge-expired-photos/purge-expired-photos.command.js';
import { photoPurgeRange } from '../domain/photo-retention.js';
import { ChallengesProcessor } from '../../day/jobs/close-missed.processor.js';
import { PhotosScheduler, PURGE_PHOTOS_CRON, PURGE_PHOTOS_JOB } from './purge-photos.scheduler.js';

describe('the photo purge job', () => {
  it('runs daily at 03:30 in the app time zone under one scheduler id', async () => {
    const upsertJobScheduler = jest.fn().mockResolvedValue(undefined);
    await new PhotosScheduler({ upsertJobScheduler } as unknown as Queue, { appTimezone: 'Asia/Kolkata' } as AppConfig).onApplicationBootstrap();
    expect(upsertJobScheduler).toHaveBeenCalledWith(
      PURGE_PHOTOS_JOB,
      { pattern: '30 3 * * *', tz: 'Asia/Kolkata' },
      expect.objectContaining({ name: PURGE_PHOTOS_JOB }),
    );
    expect(PURGE_PHOTOS_CRON).toBe('30 3 * * *');
  });

  it('is handled by the challenges processor with PurgeExpiredPhotosCommand', async () => {
    const execute = jest.fn().mockResolvedValue({ purged: 3 });
    await expect(new ChallengesProcessor({ execute } as unknown as CommandBus).process({ name: PURGE_PHOTOS_JOB } as Job)).resolves.toEqual({ purged: 3 });
    expect(execute.mock.calls[0][0]).toBeInstanceOf(PurgeExpiredPhotosCommand);
  });

  it('purges challenge dates more than 90 days old, looking 30 days further back', () => {
    expect(photoPurgeRange('2027-02-22')).toEqual({ from: '2026-10-25', to: '2026-11-24' });
  });
});
