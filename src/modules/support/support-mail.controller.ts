import { Get, Inject, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { ListMailQuery, MAIL_STATES } from './queries/list-mail/list-mail.query.js';
import { SupportConsole } from './support-console.decorator.js';

/** Support console: the mail outbox (recipient, subject, state, attempts, last error; never a body). */
@SupportConsole('support/mail', 'own')
export class SupportMailController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'Outgoing mail, newest first, with its state (PENDING, SENDING, SENT, FAILED) and whether it alerted' })
  @ApiQuery({ name: 'state', required: false, enum: MAIL_STATES })
  @ApiQuery({ name: 'email', required: false })
  @ApiQuery({ name: 'limit', required: false, type: Number })
  async list(@CurrentUser() actor: AuthUser, @Query('state') state?: string, @Query('email') email?: string, @Query('limit') limit?: string) {
    return { success: true, data: await this.queryBus.execute(new ListMailQuery(actor, state, email, limit)) };
  }
}
