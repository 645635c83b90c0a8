import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { LedgerAuditService } from '../../infrastructure/ledger-audit.service.js';
import { LedgerVerification, VerifyLedgerQuery } from './verify-ledger.query.js';

@QueryHandler(VerifyLedgerQuery)
export class VerifyLedgerHandler implements IQueryHandler<VerifyLedgerQuery, LedgerVerification> {
  constructor(@Inject(LedgerAuditService) private readonly audit: LedgerAuditService) {}

  execute(): Promise<LedgerVerification> {
    return this.audit.verify();
  }
}
