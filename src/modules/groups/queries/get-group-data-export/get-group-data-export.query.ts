import { Query } from '@nestjs/cqrs';

export interface RefereeRequestExport {
  challengeId: string;
  challengeDate: string;
  /** the other person, by first name as the app shows them */
  askedBy: string;
  referee: string;
  groupName: string | null;
  status: 'PENDING' | 'CONFIRMED' | 'REJECTED';
  note: string | null;
  askedAt: string;
  decidedAt: string | null;
}

/** What the groups module holds about a user, for their data export (DPDP Act 2023). No amounts: groups own no money. */
export interface GroupDataExport {
  memberships: { groupId: string; groupName: string; role: 'OWNER' | 'MEMBER'; joinedAt: string }[];
  /** the referee the user named (null: none) */
  myReferee: { name: string; groupName: string | null } | null;
  refereeRequestsSent: RefereeRequestExport[];
  refereeRequestsAnswered: RefereeRequestExport[];
}

export class GetGroupDataExportQuery extends Query<GroupDataExport> {
  constructor(readonly userId: string) {
    super();
  }
}
