import { Query } from '@nestjs/cqrs';
import type { ProofDataExport } from '../../../challenges/proof/queries/get-proof-data-export/get-proof-data-export.query.js';
import type { GroupDataExport } from '../../../groups/queries/get-group-data-export/get-group-data-export.query.js';

/** Everything WakeStake holds about a user, amounts in rupees, as they may download it (DPDP Act 2023). */
export interface UserDataExport {
  exportedAt: string;
  profile: Record<string, unknown>;
  challenges: Record<string, unknown>[];
  ledger: Record<string, unknown>[];
  notifications: Record<string, unknown>[];
  /** Memberships, the referee named, referee requests sent and answered */
  groups: GroupDataExport;
  /** masked as the withdraw page shows them */
  payoutMethods: Record<string, unknown>[];
  plans: Record<string, unknown>[];
  shields: Record<string, unknown>;
  leave: Record<string, unknown>[];
  /** Photo fingerprints and proof verdicts */
  proofOfWake: ProofDataExport;
}

export class ExportUserDataQuery extends Query<UserDataExport> {
  constructor(readonly userId: string) {
    super();
  }
}
