import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NotificationsErrors } from '../../notifications.errors.js';
import { AppConfig } from '../../../../config/app-config.js';
import { GetPushPublicKeyQuery } from './get-push-public-key.query.js';

@QueryHandler(GetPushPublicKeyQuery)
export class GetPushPublicKeyHandler implements IQueryHandler<GetPushPublicKeyQuery, { publicKey: string }> {
  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  async execute(): Promise<{ publicKey: string }> {
    if (!this.config.vapid) throw NotificationsErrors.pushOff();
    return { publicKey: this.config.vapid.publicKey };
  }
}
