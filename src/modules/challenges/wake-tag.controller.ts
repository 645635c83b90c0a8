import { randomBytes } from 'node:crypto';
import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';

/** The QR code's text: the app prefix and the person's secret (the scanner compares it with GET /me/wake-tag). */
export const WAKE_TAG_PREFIX = 'wakestake-tag:';

/**
 * Wake missions (issue #33): each person's wake-tag secret, the text of the QR code the app prints for them to stick away
 * from the bed. Created on the first call, the same afterwards. It unlocks a button in the app; it proves nothing.
 */
@ApiTags('challenges')
@ApiBearerAuth('bearer')
@Controller('me')
export class WakeTagController {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  @Get('wake-tag')
  @ApiOperation({ summary: 'My wake tag: the text of the QR code to print (created on first call, then the same)' })
  async wakeTag(@CurrentUser() user: AuthUser) {
    const fresh = `${WAKE_TAG_PREFIX}${randomBytes(16).toString('hex')}`;
    // one row per person: a second call (or two at once) reads the first one's code
    const rows = (await this.ds.query(
      `INSERT INTO wake_tags (user_id, code, created_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET user_id = EXCLUDED.user_id
       RETURNING code`,
      [user.id, fresh],
    )) as { code: string }[];
    return { success: true, data: { code: rows[0].code } };
  }
}
