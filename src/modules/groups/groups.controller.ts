import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { CreateGroupCommand } from './commands/create-group/create-group.command.js';
import { JoinGroupCommand } from './commands/join-group/join-group.command.js';
import { LeaveGroupCommand } from './commands/leave-group/leave-group.command.js';
import { RemoveMemberCommand } from './commands/remove-member/remove-member.command.js';
import { RotateInviteCommand } from './commands/rotate-invite/rotate-invite.command.js';
import { CreateGroupDto, JoinGroupDto } from './dto/groups.dto.js';
import { GetGroupPageQuery } from './queries/get-group-page/get-group-page.query.js';
import { GetInvitePreviewQuery } from './queries/get-invite-preview/get-invite-preview.query.js';
import { ListMyGroupsQuery } from './queries/list-my-groups/list-my-groups.query.js';

/** Groups of friends: invite links, members' mornings (never amounts) and a weekly board. */
@ApiTags('groups')
@ApiBearerAuth('bearer')
@Controller('groups')
export class GroupsController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a group { name } (1-40 characters); you are its owner. At most 10 groups a person' })
  async create(@CurrentUser() user: AuthUser, @Body() body: CreateGroupDto) {
    const g = await this.commandBus.execute(new CreateGroupCommand(user.id, body.name));
    return { success: true, message: `Group ${g.name} created`, data: await this.queryBus.execute(new GetGroupPageQuery(user.id, g.id)) };
  }

  @Get()
  @ApiOperation({ summary: 'My groups' })
  async list(@CurrentUser() user: AuthUser) {
    return { success: true, data: await this.queryBus.execute(new ListMyGroupsQuery(user.id)) };
  }

  @Get('invites/:token')
  @ApiOperation({ summary: 'What an invite link leads to (name, member count) before joining' })
  async preview(@CurrentUser() user: AuthUser, @Param('token') token: string) {
    return { success: true, data: await this.queryBus.execute(new GetInvitePreviewQuery(user.id, token)) };
  }

  @Post('join')
  @HttpCode(200)
  @ApiOperation({ summary: 'Join a group by its invite token { token } (joining again changes nothing)' })
  async join(@CurrentUser() user: AuthUser, @Body() body: JoinGroupDto) {
    const r = await this.commandBus.execute(new JoinGroupCommand(user.id, body.token));
    return {
      success: true,
      message: r.alreadyMember ? `You are already in ${r.group.name}` : `You joined ${r.group.name}`,
      data: { groupId: r.group.id, name: r.group.name, alreadyMember: r.alreadyMember },
    };
  }

  @Get(':id')
  @ApiOperation({ summary: "A group's page: members, their mornings this week (made it / missed / pending / excused) and the weekly board" })
  async page(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return { success: true, data: await this.queryBus.execute(new GetGroupPageQuery(user.id, id)) };
  }

  @Post(':id/invite')
  @HttpCode(200)
  @ApiOperation({ summary: 'Owner: a new invite link (the old one stops working)' })
  async invite(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return {
      success: true,
      message: 'New invite link made: the old one no longer works',
      data: await this.commandBus.execute(new RotateInviteCommand(user.id, id)),
    };
  }

  @Delete(':id/members/:userId')
  @ApiOperation({ summary: 'Owner: remove a member' })
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('userId') memberId: string) {
    await this.commandBus.execute(new RemoveMemberCommand(user.id, id, memberId));
    return { success: true, message: 'Member removed', data: { groupId: id, userId: memberId } };
  }

  @Post(':id/leave')
  @HttpCode(200)
  @ApiOperation({ summary: 'Leave a group (the earliest member left becomes owner; the last one out ends the group)' })
  async leave(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    const r = await this.commandBus.execute(new LeaveGroupCommand(user.id, id));
    return { success: true, message: 'You left the group', data: { groupId: id, groupDeleted: r.groupDeleted } };
  }
}
