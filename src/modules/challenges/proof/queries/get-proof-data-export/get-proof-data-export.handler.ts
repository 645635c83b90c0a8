import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ProofRepository } from '../../infrastructure/proof.repository.js';
import { GetProofDataExportQuery, ProofDataExport } from './get-proof-data-export.query.js';

@QueryHandler(GetProofDataExportQuery)
export class GetProofDataExportHandler implements IQueryHandler<GetProofDataExportQuery, ProofDataExport> {
  constructor(@Inject(ProofRepository) private readonly proofs: ProofRepository) {}

  async execute({ userId }: GetProofDataExportQuery): Promise<ProofDataExport> {
    const [prints, verdicts] = await Promise.all([this.proofs.fingerprintsOf(userId), this.proofs.verdictsForExport(userId)]);
    const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
    return {
      photoFingerprints: prints.map((p) => ({
        challengeId: p.challengeId,
        source: p.source,
        sha256: p.sha256,
        dhash: p.dhash.toString(),
        createdAt: p.createdAt.toISOString(),
      })),
      verdictsOnMyPhotos: verdicts.onMyPhotos.map((v) => ({ ...v, createdAt: iso(v.createdAt) })),
      verdictsGiven: verdicts.given.map((v) => ({ ...v, createdAt: iso(v.createdAt) })),
    };
  }
}
