import { Command } from '@nestjs/cqrs';
import type { VerificationView } from '../../domain/ledger-verification.js';
import type { SupportActor } from '../../domain/access-log.js';

/** Runs the ledger verification now and stores its result with its time; recorded under `action` (the route's name for it). */
export class RunLedgerVerificationCommand extends Command<VerificationView> {
  constructor(
    readonly actor: SupportActor,
    readonly action: 'ledger.verify' | 'ledger.verify.run',
  ) {
    super();
  }
}
