import { Query } from '@nestjs/cqrs';
import type { UserView } from '../../domain/user-view.js';
import type { UserEntity } from '../../infrastructure/user.entity.js';

/** The User of SPEC.md section 3 for an account row just read: its balance and statistics asked of their modules. */
export class GetUserViewQuery extends Query<UserView> {
  constructor(readonly user: UserEntity) {
    super();
  }
}
