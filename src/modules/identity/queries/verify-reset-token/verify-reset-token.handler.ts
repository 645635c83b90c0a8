import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { IdentityTokensRepository } from '../../infrastructure/identity-tokens.repository.js';
import { IdentityErrors } from '../../identity.errors.js';
import { VerifyResetTokenQuery } from './verify-reset-token.query.js';

@QueryHandler(VerifyResetTokenQuery)
export class VerifyResetTokenHandler implements IQueryHandler<VerifyResetTokenQuery, { success: true; valid: boolean; message: string }> {
  constructor(@Inject(IdentityTokensRepository) private readonly oneTime: IdentityTokensRepository) {}

  async execute({ token }: VerifyResetTokenQuery): Promise<{ success: true; valid: boolean; message: string }> {
    if (!token) throw IdentityErrors.resetTokenMissing();
    const valid = await this.oneTime.isUsable(token, 'RESET_PASSWORD');
    return { success: true, valid, message: valid ? 'Reset link is valid.' : 'Reset link is invalid or has expired.' };
  }
}
