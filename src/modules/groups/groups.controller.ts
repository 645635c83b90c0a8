import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { GroupViewService } from './application/group-view.service.js';
import { GroupsService } from './application/groups.service.js';
import { CreateGroupDto, JoinGroupDto } from './dto/groups.dto.js';

/** Groups of friends (issue #22): invite links, members' mornings (never amounts) and a weekly board. */
@ApiTags('groups')
@ApiBearerAuth('bearer')
@Controller('groups')
export class GroupsController {
  constructor(
    @Inject(GroupsService) private readonly groups: GroupsService,
    @Inject(GroupViewService) private readonly views: GroupViewService,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a group { name } (1-40 characters); you are its owner. At most 10 groups a person' })
  async create(@CurrentUser() user: AuthUser, @Body() body: CreateGroupDto) {
    const g = await this.groups.create(user.id, body.name);
    return { success: true, message: `Group ${g.name} created`, data: await this.views.page(user.id, g.id) };
  }

  @Get()
  @ApiOperation({ summary: 'My groups' })
  async list(@CurrentUser() user: AuthUser) {
    return { success: true, data: await this.views.list(user.id) };
  }

  @Get('invites/:token')
  @ApiOperation({ summary: 'What an invite link leads to (name, member count) before joining' })
  async preview(@CurrentUser() user: AuthUser, @Param('token') token: string) {
    return { success: true, data: await this.groups.preview(user.id, token) };
  }

  @Post('join')
  @HttpCode(200)
  @ApiOperation({ summary: 'Join a group by its invite token { token } (joining again changes nothing)' })
  async join(@CurrentUser() user: AuthUser, @Body() body: JoinGroupDto) {
    const r = await this.groups.join(user.id, body.token);
    return { success: true, message: r.alreadyMember ? `You are already in ${r.group.name}` : `You joined ${r.group.name}`, data: { groupId: r.group.id, name: r.group.name, alreadyMember: r.alreadyMember } };
  }

  @Get(':id')
  @ApiOperation({ summary: "A group's page: members, their mornings this week (made it / missed / pending / excused) and the weekly board" })
  async page(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return { success: true, data: await this.views.page(user.id, id) };
  }

  @Post(':id/invite')
  @HttpCode(200)
  @ApiOperation({ summary: 'Owner: a new invite link (the old one stops working)' })
  async invite(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return { success: true, message: 'New invite link made: the old one no longer works', data: await this.groups.newInvite(user.id, id) };
  }

  @Delete(':id/members/:userId')
  @ApiOperation({ summary: 'Owner: remove a member' })
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('userId') memberId: string) {
    await this.groups.removeMember(user.id, id, memberId);
    return { success: true, message: 'Member removed', data: { groupId: id, userId: memberId } };
  }

  @Post(':id/leave')
  @HttpCode(200)
  @ApiOperation({ summary: 'Leave a group (the earliest member left becomes owner; the last one out ends the group)' })
  async leave(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    const r = await this.groups.leave(user.id, id);
    return { success: true, message: 'You left the group', data: { groupId: id, groupDeleted: r.groupDeleted } };
  }
}
