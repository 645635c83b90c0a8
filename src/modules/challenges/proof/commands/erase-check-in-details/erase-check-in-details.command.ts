import { Command } from '@nestjs/cqrs';
import type { EntityManager } from 'typeorm';

/**
 * A closed account's check-in details (notes, location, photo) are erased, inside the closure's transaction; dates,
 * stakes and outcomes stay (settlements and the ledger refer to them). Answers how many challenges were touched.
 */
export class EraseCheckInDetailsCommand extends Command<{ erased: number }> {
  constructor(
    readonly userId: string,
    readonly manager: EntityManager,
  ) {
    super();
  }
}
