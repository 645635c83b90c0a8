import type { EntityManager } from 'typeorm';
import type { InTransactionEvent } from '../../../common/transactional-events.js';

/** A deposit reached the user's wallet (amount in paise); published in the crediting transaction. */
export class DepositCredited implements InTransactionEvent {
  constructor(
    readonly deposit: { id: string; userId: string; orderId: string; paymentId: string; amount: bigint },
    readonly manager: EntityManager,
  ) {}
}
