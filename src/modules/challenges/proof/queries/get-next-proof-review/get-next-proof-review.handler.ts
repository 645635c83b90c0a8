import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PhotoStorage } from '../../../../../common/storage/photo-storage.js';
import { PeerReviewRow, ProofRepository } from '../../infrastructure/proof.repository.js';
import { GetNextProofReviewQuery, ProofReview } from './get-next-proof-review.query.js';

@QueryHandler(GetNextProofReviewQuery)
export class GetNextProofReviewHandler implements IQueryHandler<GetNextProofReviewQuery, ProofReview | null> {
  constructor(
    @Inject(ProofRepository) private readonly proofs: ProofRepository,
    @Inject(PhotoStorage) private readonly photos: PhotoStorage,
  ) {}

  async execute({ reviewerId }: GetNextProofReviewQuery): Promise<ProofReview | null> {
    // a photo whose file is gone (lost storage) is passed over, so it cannot hold up the queue for everyone
    const passed: string[] = [];
    for (;;) {
      const next = await this.proofs.nextForPeer(reviewerId, null, passed);
      if (!next) return null;
      const bytes = await this.photos.get(next.photoPath);
      if (bytes) return this.shown(next, bytes);
      passed.push(next.challengeId);
    }
  }

  private shown(next: PeerReviewRow, bytes: Buffer): ProofReview {
    const type = bytes[0] === 0x89 ? 'image/png' : 'image/jpeg';
    return {
      id: next.challengeId,
      challengeDate: next.challengeDate,
      wakeUpTime: next.wakeUpTime,
      checkInTime: next.checkInTime.toISOString(),
      photo: `data:${type};base64,${bytes.toString('base64')}`,
    };
  }
}
