import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { NotificationsErrors } from '../../notifications.errors.js';
import { AppConfig } from '../../../../config/app-config.js';
import { pushEndpointProblem } from '../../domain/push-endpoint.js';
import { PushSubscriptionsRepository } from '../../infrastructure/push-subscriptions.repository.js';
import { SavePushSubscriptionCommand } from './save-push-subscription.command.js';

const invalid = NotificationsErrors.invalidInput;

@CommandHandler(SavePushSubscriptionCommand)
export class SavePushSubscriptionHandler implements ICommandHandler<SavePushSubscriptionCommand, { id: string }> {
  constructor(
    @Inject(PushSubscriptionsRepository) private readonly subs: PushSubscriptionsRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ input }: SavePushSubscriptionCommand): Promise<{ id: string }> {
    if (!this.config.vapid) throw NotificationsErrors.pushOff();
    // The server POSTs to this address: only a push service's host (PUSH_SERVICE_HOSTS), https, in every environment.
    const problem = pushEndpointProblem(input.endpoint, this.config.pushServiceHosts);
    if (problem) throw invalid(problem);
    if (Buffer.from(input.p256dh, 'base64url').length !== 65) throw invalid('keys.p256dh must be a base64url P-256 public key');
    if (Buffer.from(input.auth, 'base64url').length !== 16) throw invalid('keys.auth must be a base64url 16-byte secret');
    return { id: await this.subs.save(input, this.clock.now()) };
  }
}
