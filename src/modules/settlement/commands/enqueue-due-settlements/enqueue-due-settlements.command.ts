import { Command } from '@nestjs/cqrs';

/**
 * The daily job (SETTLEMENT_CRON, 09:00 Asia/Kolkata): closes every missed challenge that is due, then enqueues one
 * settle job per date to settle: today, any earlier date of the last CATCH_UP_DAYS with closed unsettled challenges,
 * and any date with an unfinished batch. Answers the dates enqueued.
 */
export class EnqueueDueSettlementsCommand extends Command<{ dates: string[] }> {}
