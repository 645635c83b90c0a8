import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { isUuid } from '../../../../common/uuid.js';
import { GetSettlementLineQuery } from '../../../settlement/queries/get-settlement-line/get-settlement-line.query.js';
import { ChallengesService } from '../../challenges.service.js';
import { ChallengeErrors } from '../../challenges.errors.js';
import type { ChallengeView } from '../../domain/challenge-view.js';
import { proofStatusOf, rejectionReason } from '../../domain/proof-rules.js';
import { ChallengeEntity } from '../../infrastructure/challenge.entity.js';
import { ProofRepository } from '../../infrastructure/proof.repository.js';
import { affectedIds } from '../../infrastructure/sql.js';
import { GiveProofVerdictCommand } from './give-proof-verdict.command.js';

@CommandHandler(GiveProofVerdictCommand)
export class GiveProofVerdictHandler implements ICommandHandler<GiveProofVerdictCommand, { challenge: ChallengeView }> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ProofRepository) private readonly proofs: ProofRepository,
    @Inject(ChallengesService) private readonly challenges: ChallengesService,
  ) {}

  async execute({ challengeId, verdict, note, reviewerId, role }: GiveProofVerdictCommand): Promise<{ challenge: ChallengeView }> {
    if (!isUuid(challengeId)) throw ChallengeErrors.notFound();
    // a peer answers only a photo they may be shown (GET /proof-reviews/next's rule): no stake in its pool, not theirs,
    // not answered yet
    if (role === 'PEER' && !(await this.proofs.nextForPeer(reviewerId, challengeId))) throw ChallengeErrors.notFound();
    if (verdict !== 'ACCEPTED' && verdict !== 'REJECTED') throw ChallengeErrors.invalid('verdict must be ACCEPTED (a real morning) or REJECTED (not)');
    const now = this.clock.now();
    const updated = await this.dataSource.transaction(async (m) => {
      // the row locked: a check-in, a closer or another verdict waits for this one
      const c = await m.findOne(ChallengeEntity, { where: { id: challengeId }, lock: { mode: 'pessimistic_write' } });
      if (!c) throw ChallengeErrors.notFound();
      if (c.status === 'PROCESSED') throw ChallengeErrors.proofAlreadySettled();
      if (c.proof !== 'PHOTO' || c.status !== 'COMPLETED' || c.proofStatus === null) throw ChallengeErrors.notAPhotoProof();
      // planned into a settlement batch (paying now): the plan is paid as stored, so the morning is settled already
      if (await this.queryBus.execute(new GetSettlementLineQuery(c.id))) throw ChallengeErrors.proofAlreadySettled();
      await this.proofs.upsertVerdict({ id: randomUUID(), challengeId: c.id, ownerUserId: c.userId, reviewerId, reviewerRole: role, verdict, note, createdAt: now }, m);
      const status = proofStatusOf(await this.proofs.verdictsOf(c.id, m));
      const res = await m.query(
        `UPDATE challenges
            SET proof_status = $2::varchar,
                is_successful = CASE WHEN $2::varchar = 'REJECTED' THEN false WHEN proof_status = 'REJECTED' THEN check_in_time < window_closes_at ELSE is_successful END,
                failure_reason = CASE WHEN $2::varchar = 'REJECTED' THEN $3::varchar
                                      WHEN proof_status = 'REJECTED' THEN CASE WHEN check_in_time < window_closes_at THEN NULL ELSE 'Checked in after the window closed' END
                                      ELSE failure_reason END
          WHERE id = $1 AND status = 'COMPLETED' RETURNING id`,
        [c.id, status.status, rejectionReason(status.by, status.note)],
      );
      if (affectedIds(res).length === 0) throw ChallengeErrors.proofAlreadySettled();
      return m.findOneByOrFail(ChallengeEntity, { id: c.id });
    });
    const [challenge] = await this.challenges.views([updated], false);
    return { challenge };
  }
}
