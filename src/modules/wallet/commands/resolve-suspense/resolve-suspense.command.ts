import { Command } from '@nestjs/cqrs';

/**
 * Support returned the money held for a closed account to where it came from (a gateway refund, a bank transfer):
 * the whole suspense balance leaves to the world, with the outside reference. Once per reference.
 */
export class ResolveSuspenseCommand extends Command<{ entryId: string; amount: bigint; duplicate: boolean }> {
  constructor(
    readonly userId: string,
    readonly reference: string,
    readonly note: string,
    readonly actorId: string,
  ) {
    super();
  }
}
