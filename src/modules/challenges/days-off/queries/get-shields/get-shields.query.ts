import { Query } from '@nestjs/cqrs';
import type { ShieldSummary } from '../../domain/shield-rules.js';

/** The user's wake shields: held, and how many more successful mornings earn the next (from settled history). */
export class GetShieldsQuery extends Query<ShieldSummary> {
  constructor(readonly userId: string) {
    super();
  }
}
