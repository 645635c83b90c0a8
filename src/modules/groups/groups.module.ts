import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { GroupsController } from './groups.controller.js';
import { RefereeController } from './referee.controller.js';
import { GroupsRepository } from './infrastructure/groups.repository.js';
import { RefereeRepository } from './infrastructure/referee.repository.js';
import { CreateGroupHandler } from './commands/create-group/create-group.handler.js';
import { JoinGroupHandler } from './commands/join-group/join-group.handler.js';
import { RotateInviteHandler } from './commands/rotate-invite/rotate-invite.handler.js';
import { RemoveMemberHandler } from './commands/remove-member/remove-member.handler.js';
import { LeaveGroupHandler } from './commands/leave-group/leave-group.handler.js';
import { LeaveAllGroupsHandler } from './commands/leave-all-groups/leave-all-groups.handler.js';
import { SetRefereeHandler } from './commands/set-referee/set-referee.handler.js';
import { AskRefereeHandler } from './commands/ask-referee/ask-referee.handler.js';
import { DecideRefereeRequestHandler } from './commands/decide-referee-request/decide-referee-request.handler.js';
import { ListMyGroupsHandler } from './queries/list-my-groups/list-my-groups.handler.js';
import { GetInvitePreviewHandler } from './queries/get-invite-preview/get-invite-preview.handler.js';
import { GetGroupPageHandler } from './queries/get-group-page/get-group-page.handler.js';
import { GetRefereeOverviewHandler } from './queries/get-referee-overview/get-referee-overview.handler.js';
import { GetRefereePhotoHandler } from './queries/get-referee-photo/get-referee-photo.handler.js';
import { GetRefereeVerdictsHandler } from './queries/get-referee-verdicts/get-referee-verdicts.handler.js';
import { GetGroupDataExportHandler } from './queries/get-group-data-export/get-group-data-export.handler.js';

const HANDLERS = [
  CreateGroupHandler,
  JoinGroupHandler,
  RotateInviteHandler,
  RemoveMemberHandler,
  LeaveGroupHandler,
  LeaveAllGroupsHandler,
  SetRefereeHandler,
  AskRefereeHandler,
  DecideRefereeRequestHandler,
  ListMyGroupsHandler,
  GetInvitePreviewHandler,
  GetGroupPageHandler,
  GetRefereeOverviewHandler,
  GetRefereePhotoHandler,
  GetRefereeVerdictsHandler,
  GetGroupDataExportHandler,
];

/** The groups module: groups of friends, invite links, the weekly board and referees. Owns no money. */
@Module({
  imports: [CqrsModule],
  controllers: [GroupsController, RefereeController],
  providers: [GroupsRepository, RefereeRepository, ...HANDLERS],
})
export class GroupsModule {}
