import { Command } from '@nestjs/cqrs';
import type { GroupRow } from '../../infrastructure/groups.repository.js';

export interface GroupJoined {
  group: GroupRow;
  alreadyMember: boolean;
}

/** Joins a group by its invite token; joining a group one is already in changes nothing. */
export class JoinGroupCommand extends Command<GroupJoined> {
  constructor(
    readonly userId: string,
    readonly token: unknown,
  ) {
    super();
  }
}
