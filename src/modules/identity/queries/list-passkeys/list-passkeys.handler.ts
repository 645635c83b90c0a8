import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { passkeyView, type PasskeyView } from '../../domain/passkeys.js';
import { PasskeysRepository } from '../../infrastructure/passkeys.repository.js';
import { ListPasskeysQuery } from './list-passkeys.query.js';

@QueryHandler(ListPasskeysQuery)
export class ListPasskeysHandler implements IQueryHandler<ListPasskeysQuery, PasskeyView[]> {
  constructor(@Inject(PasskeysRepository) private readonly passkeys: PasskeysRepository) {}

  async execute({ userId }: ListPasskeysQuery): Promise<PasskeyView[]> {
    return (await this.passkeys.listOfUser(userId)).map(passkeyView);
  }
}
