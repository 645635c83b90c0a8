import { Query } from '@nestjs/cqrs';
import type { VerificationView } from '../../domain/ledger-verification.js';
import type { SupportActor } from '../../domain/access-log.js';

/** The latest stored ledger verification (one is run and stored when there is none); the look is recorded. */
export class GetLedgerHealthQuery extends Query<VerificationView> {
  constructor(readonly actor: SupportActor) {
    super();
  }
}
