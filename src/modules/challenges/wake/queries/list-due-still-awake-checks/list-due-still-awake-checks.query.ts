import { Query } from '@nestjs/cqrs';

export interface DueStillAwakeCheck {
  challengeId: string;
  userId: string;
  deadlineAt: Date;
}

/** Still-awake checks whose moment has come and that nobody has asked yet (the notifications module pushes them). */
export class ListDueStillAwakeChecksQuery extends Query<DueStillAwakeCheck[]> {
  constructor(
    readonly now: Date,
    readonly limit = 500,
  ) {
    super();
  }
}
