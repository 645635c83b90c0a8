import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { VerifyLedgerQuery } from '../../../wallet/queries/verify-ledger/verify-ledger.query.js';
import { verificationView, VerificationView } from '../../domain/ledger-verification.js';
import { AccessLogRepository } from '../../infrastructure/access-log.repository.js';
import { LedgerVerificationsRepository } from '../../infrastructure/ledger-verifications.repository.js';
import { GetLedgerHealthQuery } from './get-ledger-health.query.js';

@QueryHandler(GetLedgerHealthQuery)
export class GetLedgerHealthHandler implements IQueryHandler<GetLedgerHealthQuery, VerificationView> {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(LedgerVerificationsRepository) private readonly verifications: LedgerVerificationsRepository,
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
  ) {}

  async execute({ actor }: GetLedgerHealthQuery): Promise<VerificationView> {
    const latest = (await this.verifications.latest()) ?? (await this.verifications.store(await this.queryBus.execute(new VerifyLedgerQuery()), actor.id));
    await this.access.recordBy(actor, null, 'ledger.health', 'ledger', { verificationId: latest.id, ok: latest.ok });
    return verificationView(latest);
  }
}
