import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { VerifyLedgerQuery } from '../../../wallet/queries/verify-ledger/verify-ledger.query.js';
import { verificationView, VerificationView } from '../../domain/ledger-verification.js';
import { AccessLogRepository } from '../../infrastructure/access-log.repository.js';
import { LedgerVerificationsRepository } from '../../infrastructure/ledger-verifications.repository.js';
import { RunLedgerVerificationCommand } from './run-ledger-verification.command.js';

@CommandHandler(RunLedgerVerificationCommand)
export class RunLedgerVerificationHandler implements ICommandHandler<RunLedgerVerificationCommand, VerificationView> {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(LedgerVerificationsRepository) private readonly verifications: LedgerVerificationsRepository,
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
  ) {}

  async execute({ actor, action }: RunLedgerVerificationCommand): Promise<VerificationView> {
    const stored = await this.verifications.store(await this.queryBus.execute(new VerifyLedgerQuery()), actor.id);
    await this.access.recordBy(actor, null, action, 'ledger', { verificationId: stored.id, ok: stored.ok });
    return verificationView(stored);
  }
}
