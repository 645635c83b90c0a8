import { Command } from '@nestjs/cqrs';

/**
 * Closes still-awake checks past their deadline: an asked, unanswered one fails its morning (still COMPLETED, no
 * longer successful, so settlement counts it as a miss); one never asked is void (the morning stands).
 */
export class ResolveStillAwakeChecksCommand extends Command<{ missed: number; voided: number }> {}
