import { Command } from '@nestjs/cqrs';
import type { UserView } from '../../domain/user-view.js';
import type { UpdateProfileDto } from '../../dto/profile.dto.js';

/** Changes the fields of the user's profile that the request carries (settings are merged, not replaced). */
export class UpdateProfileCommand extends Command<{ success: true; message: string; data: UserView }> {
  constructor(
    readonly userId: string,
    readonly dto: UpdateProfileDto,
  ) {
    super();
  }
}
