import { Command } from '@nestjs/cqrs';
import type { SelfLimitsView } from '../../domain/self-limits.js';

/**
 * A change a person makes to their own staking limits, under the rules in domain/self-limits: a cap
 * (`monthlyStakeCap`, rupees or null), a cooling-off pause of `days`, or ending the pause early.
 */
export type SelfLimitsChange = { kind: 'cap'; monthlyStakeCap: unknown } | { kind: 'pause'; days: unknown } | { kind: 'end-pause' };

export class ChangeSelfLimitsCommand extends Command<SelfLimitsView> {
  constructor(
    readonly userId: string,
    readonly change: SelfLimitsChange,
  ) {
    super();
  }
}
