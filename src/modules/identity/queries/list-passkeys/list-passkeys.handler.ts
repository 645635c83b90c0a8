import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { passkeyView, type PasskeyView } from '../../application/relying-party.js';
import { PasskeyEntity } from '../../infrastructure/passkey.entity.js';
import { ListPasskeysQuery } from './list-passkeys.query.js';

@QueryHandler(ListPasskeysQuery)
export class ListPasskeysHandler implements IQueryHandler<ListPasskeysQuery, PasskeyView[]> {
  constructor(@InjectRepository(PasskeyEntity) private readonly passkeys: Repository<PasskeyEntity>) {}

  async execute({ userId }: ListPasskeysQuery): Promise<PasskeyView[]> {
    return (await this.passkeys.find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } })).map(passkeyView);
  }
}
