import { Command } from '@nestjs/cqrs';

/** Leaves a group: the earliest member left becomes the owner; the last one out ends the group. */
export class LeaveGroupCommand extends Command<{ groupDeleted: boolean }> {
  constructor(
    readonly userId: string,
    readonly groupId: string,
  ) {
    super();
  }
}
