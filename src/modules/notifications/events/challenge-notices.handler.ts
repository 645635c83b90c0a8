import { Inject, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ITransactionalEventHandler, TransactionalEventsHandler } from '../../../common/transactional-events.js';
import {
  ChallengeCancelled,
  ChallengeCheckedIn,
  ChallengeCreated,
  ChallengeExcused,
  ChallengeMissed,
  PlannedDaySkipped,
  StillAwakeMissed,
} from '../../challenges/events/challenge-events.js';
import { CreateNotificationCommand } from '../commands/create-notification/create-notification.command.js';
import { cancelledNotice, checkedInNotice, createdNotice, excusedNotice, missedNotice, planSkippedNotice, stillAwakeMissedNotice } from '../domain/notices.js';

type DayEvent = ChallengeCreated | ChallengeCancelled | ChallengeCheckedIn | ChallengeMissed | StillAwakeMissed | ChallengeExcused | PlannedDaySkipped;

/**
 * A challenge's day (and a plan's skipped day): published after the commit and awaited, so the notice is there when the
 * route answers. Best effort: a notice never undoes or blocks what already happened; its dedupe key keeps it single.
 */
@TransactionalEventsHandler(ChallengeCreated, ChallengeCancelled, ChallengeCheckedIn, ChallengeMissed, StillAwakeMissed, ChallengeExcused, PlannedDaySkipped)
export class ChallengeNoticesHandler implements ITransactionalEventHandler<DayEvent> {
  private readonly logger = new Logger('Notifications');

  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  async handle(event: DayEvent): Promise<void> {
    const notice = noticeOf(event);
    try {
      await this.commandBus.execute(new CreateNotificationCommand(notice));
    } catch (e) {
      this.logger.warn(`Notification ${notice.type} (${notice.dedupeKey}) not created: ${(e as Error).message}`);
    }
  }
}

function noticeOf(e: DayEvent) {
  if (e instanceof ChallengeCreated) return createdNotice(e);
  if (e instanceof ChallengeCancelled) return cancelledNotice(e);
  if (e instanceof ChallengeCheckedIn) return checkedInNotice(e);
  if (e instanceof ChallengeMissed) return missedNotice(e);
  if (e instanceof StillAwakeMissed) return stillAwakeMissedNotice(e);
  if (e instanceof ChallengeExcused) return excusedNotice(e);
  return planSkippedNotice(e);
}
