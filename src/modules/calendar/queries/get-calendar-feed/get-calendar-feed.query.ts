import { Query } from '@nestjs/cqrs';

/** The iCalendar text of the feed a secret opens; null when the secret opens none. */
export class GetCalendarFeedQuery extends Query<string | null> {
  constructor(readonly secret: string) {
    super();
  }
}
