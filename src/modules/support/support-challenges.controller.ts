import { Get, Header, Inject, Param, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProduces } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { toRupees } from '../../common/money.js';
import { isUuid } from '../../common/uuid.js';
import { PhotoStorage } from '../../common/storage/photo-storage.js';
import { GetUserQuery } from '../identity/queries/get-user/get-user.query.js';
import { GetChallengeDetailQuery } from '../challenges/queries/get-challenge-detail/get-challenge-detail.query.js';
import type { ChallengeDetail } from '../challenges/queries/get-challenge-detail/get-challenge-detail.query.js';
import { GetEntriesByCorrelationQuery } from '../wallet/queries/get-entries-by-correlation/get-entries-by-correlation.query.js';
import { GetSettlementLineQuery } from '../settlement/queries/get-settlement-line/get-settlement-line.query.js';
import { imageContentType } from './domain/image-type.js';
import { AccessLogRepository } from './infrastructure/access-log.repository.js';
import { entryView, SupportErrors } from './support.views.js';
import { SupportConsole } from './support-console.decorator.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Support console: a challenge's whole story (created, check-in, closed, settled with its receipt line, ledger) and its selfie. */
@SupportConsole('support/challenges', 'own')
export class SupportChallengesController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
    @Inject(PhotoStorage) private readonly photos: PhotoStorage,
  ) {}

  @Get(':id')
  @ApiOperation({ summary: "A challenge's story: created, check-in, closed, settled (with the settlement receipt line) and its ledger entries" })
  async story(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    const c = await this.find(id);
    const [user, line, entries] = await Promise.all([
      this.queryBus.execute(new GetUserQuery(c.userId)),
      this.queryBus.execute(new GetSettlementLineQuery(c.id)),
      this.queryBus.execute(new GetEntriesByCorrelationQuery('challenge', c.id)),
    ]);
    await this.access.record({ actorId: actor.id, actorEmail: actor.email, subjectUserId: c.userId, action: 'challenge.story', target: `challenge:${c.id}`, details: { status: c.status } });
    const closed = c.status === 'COMPLETED' || c.status === 'PROCESSED';
    return {
      success: true,
      data: {
        challenge: {
          id: c.id,
          userId: c.userId,
          challengeDate: c.challengeDate,
          wakeUpTime: c.wakeUpTime,
          status: c.status,
          isSuccessful: c.isSuccessful,
          isTest: c.isTest,
          windowOpensAt: c.windowOpensAt.toISOString(),
          windowClosesAt: c.windowClosesAt.toISOString(),
        },
        user: user ? { id: user.id, email: user.email, fullName: user.fullName } : null,
        created: { at: c.createdAt.toISOString(), stake: toRupees(c.stake) },
        checkIn: c.checkInTime
          ? { at: c.checkInTime.toISOString(), method: c.verificationMethod, location: c.checkInLocation, notes: c.notes, hasPhoto: c.photoPath !== null }
          : null,
        closed: closed ? { at: iso(c.closedAt ?? c.checkInTime), outcome: c.isSuccessful ? 'SUCCESS' : 'FAILED', failureReason: c.failureReason } : null,
        cancelled: c.cancelledAt ? { at: c.cancelledAt.toISOString() } : null,
        settled:
          c.status === 'PROCESSED' || line
            ? {
                at: iso(c.processedAt ?? line?.paidAt ?? line?.runFinishedAt ?? null),
                date: line?.date ?? c.challengeDate,
                refund: toRupees(line ? line.refund : c.refundedAmount),
                winnings: toRupees(line ? line.winnings : c.winningsAmount),
                forfeit: toRupees(line ? line.pooled : c.actualForfeitAmount),
                line: line
                  ? {
                      runId: line.runId,
                      batch: line.batch,
                      runStatus: line.runStatus,
                      lineNo: line.lineNo,
                      stake: toRupees(line.stake),
                      outcome: line.isSuccessful ? 'SUCCESS' : 'FAILED',
                      refund: toRupees(line.refund),
                      pooled: toRupees(line.pooled),
                      winnings: toRupees(line.winnings),
                      paid: line.paid,
                      paidAt: iso(line.paidAt),
                    }
                  : null,
                receipt: line?.receipt ?? null,
              }
            : null,
        ledger: entries.map(entryView),
      },
    };
  }

  @Get(':id/photo')
  @ApiOperation({ summary: 'The stored check-in selfie (content type from its bytes)' })
  @ApiProduces('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic')
  @Header('Cache-Control', 'private, no-store')
  async photo(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<StreamableFile> {
    const c = await this.find(id);
    if (!c.photoPath) throw SupportErrors.photoNotFound();
    const bytes = await this.photos.get(c.photoPath);
    if (!bytes) throw SupportErrors.photoNotFound();
    await this.access.record({ actorId: actor.id, actorEmail: actor.email, subjectUserId: c.userId, action: 'challenge.photo', target: `challenge:${c.id}:photo`, details: { bytes: bytes.length } });
    return new StreamableFile(bytes, { type: imageContentType(bytes) ?? 'application/octet-stream', length: bytes.length });
  }

  private async find(id: string): Promise<ChallengeDetail> {
    if (!isUuid(id)) throw SupportErrors.challengeNotFound();
    const c = await this.queryBus.execute(new GetChallengeDetailQuery(id));
    if (!c) throw SupportErrors.challengeNotFound();
    return c;
  }
}
