import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { isUuid } from '../../../../common/uuid.js';
import { IdentityErrors } from '../../identity.errors.js';
import { PasskeysRepository } from '../../infrastructure/passkeys.repository.js';
import { RemovePasskeyCommand } from './remove-passkey.command.js';

@CommandHandler(RemovePasskeyCommand)
export class RemovePasskeyHandler implements ICommandHandler<RemovePasskeyCommand, void> {
  constructor(@Inject(PasskeysRepository) private readonly passkeys: PasskeysRepository) {}

  async execute({ userId, id }: RemovePasskeyCommand): Promise<void> {
    if (!isUuid(id)) throw IdentityErrors.passkeyNotFound();
    if (!(await this.passkeys.remove(id, userId))) throw IdentityErrors.passkeyNotFound();
  }
}
