import { Query } from '@nestjs/cqrs';

export interface EarningsPage {
  success: true;
  data: {
    earnings: { date: string; winnings: number; losses: number; net: number }[];
    page: number;
    size: number;
    total: number;
    totalWinnings: number;
    totalLosses: number;
    netEarnings: number;
    startDate: string | null;
    endDate: string | null;
  };
}

/** Winnings (pool shares paid in) and losses (forfeited stake parts moved to the pool) per day, in the app's zone. */
export class GetEarningsQuery extends Query<EarningsPage> {
  constructor(
    readonly userId: string,
    readonly q: { startDate?: string; endDate?: string; page?: string; size?: string },
  ) {
    super();
  }
}
