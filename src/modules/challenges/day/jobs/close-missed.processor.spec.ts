import type { CommandBus } from '@nestjs/cqrs';
import type { Job, Queue } from 'bullmq';
import { CloseMissedChallengesCommand } from '../commands/close-missed-challenges/close-missed-challenges.command.js';
import { ChallengesProcessor, ChallengesScheduler, CLOSE_MISSED_EVERY_MS, CLOSE_MISSED_JOB } from './close-missed.processor.js';

describe('the close-missed job', () => {
  it('sends CloseMissedChallengesCommand and refuses a job name it has no handler for', async () => {
    const execute = jest.fn().mockResolvedValue({ closed: 2 });
    const processor = new ChallengesProcessor({ execute } as unknown as CommandBus);
    await expect(processor.process({ name: CLOSE_MISSED_JOB } as Job)).resolves.toEqual({ closed: 2 });
    expect(execute.mock.calls[0][0]).toBeInstanceOf(CloseMissedChallengesCommand);
    await expect(processor.process({ name: 'other' } as Job)).rejects.toThrow(/No handler/);
  });

  it('is scheduled every 30 seconds under one scheduler id', async () => {
    const upsertJobScheduler = jest.fn().mockResolvedValue(undefined);
    await new ChallengesScheduler({ upsertJobScheduler } as unknown as Queue).onApplicationBootstrap();
    expect(upsertJobScheduler).toHaveBeenCalledWith(CLOSE_MISSED_JOB, { every: CLOSE_MISSED_EVERY_MS }, expect.objectContaining({ name: CLOSE_MISSED_JOB }));
    expect(CLOSE_MISSED_EVERY_MS).toBe(30_000);
  });
});
