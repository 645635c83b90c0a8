import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Clock } from '../../../../../common/clock.js';
import { isUuid } from '../../../../../common/uuid.js';
import { GetSettlementLineQuery } from '../../../../settlement/queries/get-settlement-line/get-settlement-line.query.js';
import { ChallengeErrors } from '../../../challenges.errors.js';
import type { ChallengeView } from '../../../shared/domain/challenge-view.js';
import { proofStatusOf, rejectionReason } from '../../../shared/domain/proof-rules.js';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import { ProofRepository } from '../../infrastructure/proof.repository.js';
import { GiveProofVerdictCommand } from './give-proof-verdict.command.js';

@CommandHandler(GiveProofVerdictCommand)
export class GiveProofVerdictHandler implements ICommandHandler<GiveProofVerdictCommand, { challenge: ChallengeView }> {
  constructor(
    @Inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ProofRepository) private readonly proofs: ProofRepository,
  ) {}

  async execute({ challengeId, verdict, note, reviewerId, role }: GiveProofVerdictCommand): Promise<{ challenge: ChallengeView }> {
    if (!isUuid(challengeId)) throw ChallengeErrors.notFound();
    // a peer answers only a photo they may be shown (GET /proof-reviews/next's rule): no stake in its pool, not theirs,
    // not answered yet
    if (role === 'PEER' && !(await this.proofs.nextForPeer(reviewerId, challengeId))) throw ChallengeErrors.notFound();
    if (verdict !== 'ACCEPTED' && verdict !== 'REJECTED') throw ChallengeErrors.invalid('verdict must be ACCEPTED (a real morning) or REJECTED (not)');
    const now = this.clock.now();
    const updated = await this.challenges.transaction(async (m) => {
      // the row locked: a check-in, a closer or another verdict waits for this one
      const c = await this.challenges.lockForVerdict(m, challengeId);
      if (!c) throw ChallengeErrors.notFound();
      if (c.status === 'PROCESSED') throw ChallengeErrors.proofAlreadySettled();
      if (c.proof !== 'PHOTO' || c.status !== 'COMPLETED' || c.proofStatus === null) throw ChallengeErrors.notAPhotoProof();
      // planned into a settlement batch (paying now): the plan is paid as stored, so the morning is settled already
      if (await this.queryBus.execute(new GetSettlementLineQuery(c.id))) throw ChallengeErrors.proofAlreadySettled();
      await this.proofs.upsertVerdict(
        { id: randomUUID(), challengeId: c.id, ownerUserId: c.userId, reviewerId, reviewerRole: role, verdict, note, createdAt: now },
        m,
      );
      const status = proofStatusOf(await this.proofs.verdictsOf(c.id, m));
      // a lifted rejection gives the morning back what the check-in rule made of it (shared/domain/check-in-rule.ts)
      if (!(await this.challenges.applyVerdict(m, c.id, status.status, rejectionReason(status.by, status.note)))) throw ChallengeErrors.proofAlreadySettled();
      return this.challenges.byIdIn(m, c.id);
    });
    const [challenge] = await this.challenges.views([updated], false);
    return { challenge };
  }
}
