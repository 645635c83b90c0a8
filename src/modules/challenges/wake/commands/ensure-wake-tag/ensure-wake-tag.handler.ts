import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { WAKE_TAG_PREFIX } from '../../../shared/domain/proof-rules.js';
import { WakeTagRepository } from '../../infrastructure/wake-tag.repository.js';
import { EnsureWakeTagCommand } from './ensure-wake-tag.command.js';

@CommandHandler(EnsureWakeTagCommand)
export class EnsureWakeTagHandler implements ICommandHandler<EnsureWakeTagCommand, { code: string }> {
  constructor(@Inject(WakeTagRepository) private readonly tags: WakeTagRepository) {}

  async execute({ userId }: EnsureWakeTagCommand): Promise<{ code: string }> {
    const fresh = `${WAKE_TAG_PREFIX}${randomBytes(16).toString('hex')}`;
    // one row per person: a second call (or two at once) reads the first one's code
    return { code: await this.tags.codeOf(userId, fresh) };
  }
}
