import { Query } from '@nestjs/cqrs';

/** Everything WakeStake holds about a user, amounts in rupees, as they may download it (DPDP Act 2023). */
export interface UserDataExport {
  exportedAt: string;
  profile: Record<string, unknown>;
  challenges: Record<string, unknown>[];
  ledger: Record<string, unknown>[];
  notifications: Record<string, unknown>[];
}

export class ExportUserDataQuery extends Query<UserDataExport> {
  constructor(readonly userId: string) {
    super();
  }
}
