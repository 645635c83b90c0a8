import type { CommandBus } from '@nestjs/cqrs';
import type { Job } from 'bullmq';
import { ProcessPayoutCommand } from '../commands/process-payout/process-payout.command.js';
import { PAYOUT_JOB, PayoutsProcessor } from './payouts.processor.js';

describe('the payout job', () => {
  it('sends ProcessPayoutCommand for its withdrawal and refuses a job name it has no handler for', async () => {
    const execute = jest.fn().mockResolvedValue({ status: 'SUCCESS', changed: true });
    const processor = new PayoutsProcessor({ execute } as unknown as CommandBus);
    await expect(processor.process({ name: PAYOUT_JOB, data: { withdrawalId: 'w1' } } as Job<{ withdrawalId: string }>)).resolves.toEqual({
      status: 'SUCCESS',
      changed: true,
    });
    expect(execute.mock.calls[0][0]).toEqual(new ProcessPayoutCommand('w1'));
    await expect(processor.process({ name: 'other', data: { withdrawalId: 'w1' } } as Job<{ withdrawalId: string }>)).rejects.toThrow(/No handler/);
  });
});
