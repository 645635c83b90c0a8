import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { DomainError } from '../../../../common/errors/domain-error.js';
import { formatInr } from '../../../../common/money.js';
import { ReturnStakeCommand } from '../../../wallet/commands/return-stake/return-stake.command.js';
import { CreditAppealRefundCommand } from '../../../wallet/commands/credit-appeal-refund/credit-appeal-refund.command.js';
import { CreateNotificationCommand } from '../../../wallet/commands/create-notification/create-notification.command.js';
import { SettleDateCommand } from '../../../settlement/commands/settle-date/settle-date.command.js';
import { ChallengeErrors } from '../../challenges.errors.js';
import { AppealView, appealView } from '../../domain/appeal-view.js';
import { AppealRepository } from '../../infrastructure/appeal.repository.js';
import { GetChallengeDetailQuery } from '../../queries/get-challenge-detail/get-challenge-detail.query.js';
import { MarkChallengesProcessedCommand } from '../mark-challenges-processed/mark-challenges-processed.command.js';
import { DecideAppealCommand } from './decide-appeal.command.js';
import { MailOutbox } from '../../../../common/mail/mail-outbox.js';
import { AppConfig } from '../../../../config/app-config.js';

const esc = (v: string) => v.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const appealHtml = (title: string, outcome: string, time: string, date: string, note: string) =>
  `<p>${esc(title)}.</p><p>Your appeal of ${esc(time)} on ${esc(date)}: ${esc(outcome)}.</p><p>Support's note: ${esc(note)}</p>`;

@CommandHandler(DecideAppealCommand)
export class DecideAppealHandler implements ICommandHandler<DecideAppealCommand, AppealView> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(AppealRepository) private readonly appeals: AppealRepository,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MailOutbox) private readonly mail: MailOutbox,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ appealId, decision, note, actorId }: DecideAppealCommand): Promise<AppealView> {
    const now = this.clock.now();
    let settleDate: string | null = null;
    let mailIds: string[] = [];
    await this.ds.transaction(async (m) => {
      const appeal = await this.appeals.lock(m, appealId);
      if (!appeal) throw new DomainError('CHALLENGES.APPEAL_NOT_FOUND', 'NOT_FOUND', 'Appeal not found');
      if (appeal.status !== 'OPEN') throw ChallengeErrors.invalid(`This appeal has been decided already (${appeal.status})`);
      const c = (await this.queryBus.execute(new GetChallengeDetailQuery(appeal.challengeId)))!;
      const settled = c.status === 'PROCESSED';
      let outcome: string;
      if (decision === 'REFUNDED') {
        if (settled) {
          // The forfeit already went to that day's pool and was paid out: the operator pays it back.
          if (c.actualForfeitAmount > 0n) {
            await this.commandBus.execute(new CreditAppealRefundCommand({ userId: c.userId, challengeId: c.id, appealId, amount: c.actualForfeitAmount, note, manager: m }));
          }
          outcome = `${formatInr(c.actualForfeitAmount)} forfeit refunded`;
        } else {
          await this.commandBus.execute(new ReturnStakeCommand({ userId: c.userId, challengeId: c.id, amount: c.stake, reason: 'APPEAL_REFUNDED', manager: m }));
          await this.commandBus.execute(new MarkChallengesProcessedCommand([{ challengeId: c.id, winningsAmount: 0n, actualForfeitAmount: 0n }], m));
          outcome = `the whole ${formatInr(c.stake)} stake refunded`;
        }
      } else {
        if (!settled) settleDate = c.challengeDate; // it waited for this decision: settle it now, in a batch of its own
        outcome = 'the miss stands';
      }
      await this.appeals.decide(m, appealId, decision, note, actorId, now);
      await this.commandBus.execute(
        new CreateNotificationCommand({
          userId: c.userId,
          type: decision === 'REFUNDED' ? 'APPEAL_REFUNDED' : 'APPEAL_UPHELD',
          title: decision === 'REFUNDED' ? 'Your appeal was accepted' : 'Your appeal was not accepted',
          message: `Your appeal of ${c.wakeUpTime} on ${c.challengeDate}: ${outcome}. ${note}`,
          data: { challengeId: c.id, appealId },
          dedupeKey: `appeal:${appealId}:decided`,
          manager: m,
        }),
      );
      // The answer by mail too, written in the decision's transaction (the outbox sends it after the commit).
      const title = decision === 'REFUNDED' ? 'Your appeal was accepted' : 'Your appeal was not accepted';
      const text = `Your appeal of ${c.wakeUpTime} on ${c.challengeDate}: ${outcome}.\n\nSupport's note: ${note}\n\n${this.config.appUrl}/dashboard`;
      mailIds = await this.mail.stageForUsers(m, [{ userId: c.userId, subject: `WakeStake: ${title.toLowerCase()}`, text, html: appealHtml(title, outcome, c.wakeUpTime, c.challengeDate, note) }], 'GENERIC');
    });
    if (mailIds.length > 0) await this.mail.enqueueMany(mailIds).catch(() => undefined); // else the mail sweep sends it
    // settles every challenge of that date still waiting (this one, in a batch of its own); idempotent like the daily run
    if (settleDate) await this.commandBus.execute(new SettleDateCommand(settleDate));
    return appealView((await this.appeals.forChallenge((await this.appealChallenge(appealId))))!);
  }

  private async appealChallenge(appealId: string): Promise<string> {
    const [row] = (await this.ds.query(`SELECT challenge_id FROM challenge_appeals WHERE id = $1`, [appealId])) as { challenge_id: string }[];
    return row.challenge_id;
  }
}
