import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { isUuid } from '../../../../common/uuid.js';
import { IdentityErrors } from '../../identity.errors.js';
import { RemovePasskeyCommand } from './remove-passkey.command.js';

@CommandHandler(RemovePasskeyCommand)
export class RemovePasskeyHandler implements ICommandHandler<RemovePasskeyCommand, void> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ userId, id }: RemovePasskeyCommand): Promise<void> {
    if (!isUuid(id)) throw IdentityErrors.passkeyNotFound();
    const [, count] = (await this.ds.query(`DELETE FROM passkeys WHERE id = $1 AND user_id = $2`, [id, userId])) as [unknown, number];
    if (!count) throw IdentityErrors.passkeyNotFound();
  }
}
