import { Command } from '@nestjs/cqrs';

export interface NamedReferee {
  userId: string;
  name: string;
  groupId: string;
}

/** Names the user's referee (another member of this group), or with null clears it. */
export class SetRefereeCommand extends Command<NamedReferee | null> {
  constructor(
    readonly userId: string,
    readonly groupId: string,
    readonly refereeId: unknown,
  ) {
    super();
  }
}
