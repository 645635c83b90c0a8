import { Command } from '@nestjs/cqrs';

/** The owner removes a member (not themself: the owner leaves instead); the member's referee links in it end. */
export class RemoveMemberCommand extends Command<void> {
  constructor(
    readonly ownerId: string,
    readonly groupId: string,
    readonly memberId: string,
  ) {
    super();
  }
}
