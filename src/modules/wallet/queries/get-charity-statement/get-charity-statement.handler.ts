import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { WalletErrors } from '../../wallet.errors.js';
import { AppConfig } from '../../../../config/app-config.js';
import { WalletReadRepository } from '../../infrastructure/wallet-read.repository.js';
import { monthRange, statementCsv, statementOf } from '../../domain/charity-statement.js';
import { CharityStatementResult, GetCharityStatementQuery } from './get-charity-statement.query.js';

@QueryHandler(GetCharityStatementQuery)
export class GetCharityStatementHandler implements IQueryHandler<GetCharityStatementQuery, CharityStatementResult> {
  constructor(
    @Inject(WalletReadRepository) private readonly reads: WalletReadRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ month }: GetCharityStatementQuery): Promise<CharityStatementResult> {
    const range = monthRange(month);
    if (!range) throw WalletErrors.invalidMonth();
    const rows = await this.reads.charityDonations(range.from, range.to);
    const names = new Map(this.config.charities.map((c) => [c.id, c.name]));
    const charities = statementOf(
      rows.map((r) => ({ charityId: r.charity_id, date: r.date, challenges: r.challenges, amount: BigInt(r.amount) })),
      names,
    );
    return { month, charities, total: charities.reduce((s, c) => s + c.amount, 0n), csv: statementCsv(month, charities) };
  }
}
