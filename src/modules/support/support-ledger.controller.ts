import { Get, HttpCode, Inject, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { VerifyLedgerQuery } from '../wallet/queries/verify-ledger/verify-ledger.query.js';
import { AccessLogRepository } from './infrastructure/access-log.repository.js';
import { LedgerVerificationsRepository, StoredVerification } from './infrastructure/ledger-verifications.repository.js';
import { SupportConsole } from './support-console.decorator.js';

const view = (v: StoredVerification) => ({ ...v, checkedAt: v.checkedAt.toISOString() });

/** Support console: ledger health (projections = fold, journal sums to zero, hash chains intact), run now or the latest stored. */
@SupportConsole('support/ledger', 'own')
export class SupportLedgerController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(LedgerVerificationsRepository) private readonly verifications: LedgerVerificationsRepository,
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
  ) {}

  @Get('verify')
  @ApiOperation({ summary: 'Run the ledger verification now (kept for older clients; the result is stored too)' })
  async verifyNow(@CurrentUser() actor: AuthUser) {
    return { success: true, data: view(await this.run(actor, 'ledger.verify')) };
  }

  @Post('verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Run the ledger verification now and store the result with its time' })
  async runVerify(@CurrentUser() actor: AuthUser) {
    return { success: true, data: view(await this.run(actor, 'ledger.verify.run')) };
  }

  @Get('health')
  @ApiOperation({ summary: 'The latest stored verification (one is run and stored when there is none)' })
  async health(@CurrentUser() actor: AuthUser) {
    const latest = (await this.verifications.latest()) ?? (await this.verifications.store(await this.queryBus.execute(new VerifyLedgerQuery()), actor.id));
    await this.access.record({ actorId: actor.id, actorEmail: actor.email, subjectUserId: null, action: 'ledger.health', target: 'ledger', details: { verificationId: latest.id, ok: latest.ok } });
    return { success: true, data: view(latest) };
  }

  private async run(actor: AuthUser, action: string): Promise<StoredVerification> {
    const stored = await this.verifications.store(await this.queryBus.execute(new VerifyLedgerQuery()), actor.id);
    await this.access.record({ actorId: actor.id, actorEmail: actor.email, subjectUserId: null, action, target: 'ledger', details: { verificationId: stored.id, ok: stored.ok } });
    return stored;
  }
}
