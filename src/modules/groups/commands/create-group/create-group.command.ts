import { Command } from '@nestjs/cqrs';
import type { GroupRow } from '../../infrastructure/groups.repository.js';

/** Creates a group { name }; its creator is its owner and first member (at most 10 groups a person). */
export class CreateGroupCommand extends Command<GroupRow> {
  constructor(
    readonly userId: string,
    readonly name: unknown,
  ) {
    super();
  }
}
