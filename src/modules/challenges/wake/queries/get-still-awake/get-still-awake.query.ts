import { Query } from '@nestjs/cqrs';
import type { StillAwakeStatus } from '../../domain/still-awake-rules.js';

/** The user's "Still awake?" setting. */
export class GetStillAwakeSettingQuery extends Query<{ enabled: boolean }> {
  constructor(readonly userId: string) {
    super();
  }
}

export interface StillAwakeCheckView {
  challengeId: string;
  status: StillAwakeStatus;
  /** shown once asked (a scheduled check's moment stays secret, so it cannot be answered ahead) */
  askedAt: string | null;
  deadlineAt: string | null;
  answeredAt: string | null;
}

/** The still-awake check of one of the user's challenges (null: none). */
export class GetStillAwakeCheckQuery extends Query<StillAwakeCheckView | null> {
  constructor(
    readonly userId: string,
    readonly challengeId: string,
  ) {
    super();
  }
}
