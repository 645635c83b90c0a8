import { Query } from '@nestjs/cqrs';

export interface InvitePreview {
  groupId: string;
  name: string;
  memberCount: number;
  isMember: boolean;
  full: boolean;
}

/** What an invite link leads to (name, member count), shown before joining. */
export class GetInvitePreviewQuery extends Query<InvitePreview> {
  constructor(
    readonly userId: string,
    readonly token: string,
  ) {
    super();
  }
}
