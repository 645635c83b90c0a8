import { Query } from '@nestjs/cqrs';
import type { PasskeyView } from '../../domain/passkeys.js';

/** The user's passkeys, oldest first. */
export class ListPasskeysQuery extends Query<PasskeyView[]> {
  constructor(readonly userId: string) {
    super();
  }
}
