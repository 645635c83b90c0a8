import { Query } from '@nestjs/cqrs';

export interface UserSummary {
  id: string;
  email: string;
  fullName: string;
  phoneNumber: string | null;
  isEmailVerified: boolean;
  role: 'USER' | 'SUPPORT';
  createdAt: Date;
  deleted: boolean;
}

/** One user's public summary for other modules; null when there is none. */
export class GetUserQuery extends Query<UserSummary | null> {
  constructor(readonly userId: string) {
    super();
  }
}
