import { Command } from '@nestjs/cqrs';
import type { EntityManager } from 'typeorm';

export interface GroupsLeft {
  groupsLeft: number;
  /** groups the account was the last member of, which end with it */
  groupsDeleted: number;
  /** referee requests still waiting, sent by or to the account, withdrawn */
  pendingWithdrawn: number;
}

/**
 * A closed account leaves all its groups inside the closure's transaction, so other members no longer see it; it stops
 * being anyone's referee and names none. Answered referee requests stay (support's record).
 */
export class LeaveAllGroupsCommand extends Command<GroupsLeft> {
  constructor(
    readonly userId: string,
    readonly manager: EntityManager,
  ) {
    super();
  }
}
