import { Command } from '@nestjs/cqrs';
import type { SettleDateResult } from '../settle-date/settle-date.command.js';

/**
 * A day settled in parts (BullMQ child jobs): Plan (close what is due, store the plan, pay nothing), then
 * PaySettlementPart per run, outcome and user range (losers' parts before winners'), then Finish (platform revenue,
 * SETTLED, the same result as SettleDateCommand). Every step is idempotent: lines are claimed once, revenue paid once.
 */
export class PlanSettleDateCommand extends Command<{ closed: number; runIds: string[] }> {
  constructor(readonly date: string) {
    super();
  }
}

export class PaySettlementPartCommand extends Command<{ paid: number }> {
  constructor(
    readonly runId: string,
    readonly winners: boolean,
    readonly from: string,
    readonly to: string | null,
  ) {
    super();
  }
}

export class FinishSettleDateCommand extends Command<SettleDateResult> {
  constructor(
    readonly date: string,
    readonly closed: number,
    /** lines the part jobs paid */
    readonly paidByParts: number,
  ) {
    super();
  }
}
