import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { GroupsController } from './groups.controller.js';
import { RefereeController } from './referee.controller.js';
import { GroupsService } from './application/groups.service.js';
import { GroupViewService } from './application/group-view.service.js';
import { RefereeService } from './application/referee.service.js';
import { GroupsRepository } from './infrastructure/groups.repository.js';
import { RefereeRepository } from './infrastructure/referee.repository.js';
import { GetRefereeVerdictsHandler } from './queries/get-referee-verdicts/get-referee-verdicts.handler.js';
import { GetGroupDataExportHandler } from './queries/get-group-data-export/get-group-data-export.handler.js';
import { LeaveAllGroupsHandler } from './commands/leave-all-groups/leave-all-groups.handler.js';

/** The groups module (issue #22): groups of friends, invite links, the weekly board and referees. Owns no money. */
@Module({
  imports: [CqrsModule],
  controllers: [GroupsController, RefereeController],
  providers: [GroupsRepository, RefereeRepository, GroupsService, GroupViewService, RefereeService, GetRefereeVerdictsHandler, GetGroupDataExportHandler, LeaveAllGroupsHandler],
})
export class GroupsModule {}
