import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../common/errors/domain-error.js';
import { AppConfig } from '../../../../config/app-config.js';
import { GetPushPublicKeyQuery } from './get-push-public-key.query.js';

@QueryHandler(GetPushPublicKeyQuery)
export class GetPushPublicKeyHandler implements IQueryHandler<GetPushPublicKeyQuery, { publicKey: string }> {
  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  async execute(): Promise<{ publicKey: string }> {
    if (!this.config.vapid) throw new DomainError('NOTIFICATIONS.PUSH_OFF', 'NOT_FOUND', 'Push notifications are not configured on this server');
    return { publicKey: this.config.vapid.publicKey };
  }
}
