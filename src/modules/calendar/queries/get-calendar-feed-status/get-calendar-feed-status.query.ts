import { Query } from '@nestjs/cqrs';

/** Whether the user has a calendar feed, and since when (its address is shown only when created). */
export class GetCalendarFeedStatusQuery extends Query<{ active: boolean; createdAt: string | null }> {
  constructor(readonly userId: string) {
    super();
  }
}
