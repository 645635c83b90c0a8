import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../../../common/clock.js';
import type { LedgerVerification } from '../../wallet/queries/verify-ledger/verify-ledger.query.js';
import type { StoredVerification } from '../domain/ledger-verification.js';

/** ledger_verifications: every verify result the console ran, with its time. */
@Injectable()
export class LedgerVerificationsRepository {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async store(v: LedgerVerification, runBy: string | null): Promise<StoredVerification> {
    const [r] = (await this.ds.query(
      `INSERT INTO ledger_verifications (ok, checked_at, entries, accounts, journal_sum, problems, run_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8) RETURNING id`,
      [v.ok, v.checkedAt, v.entries, v.accounts, v.journalSum.toString(), JSON.stringify(v.problems), runBy, this.clock.now()],
    )) as { id: string }[];
    return {
      id: r.id,
      ok: v.ok,
      checkedAt: v.checkedAt,
      entries: v.entries,
      accounts: v.accounts,
      journalSum: v.journalSum.toString(),
      problems: v.problems,
      runBy,
    };
  }

  async latest(): Promise<StoredVerification | null> {
    const rows = (await this.ds.query(
      `SELECT id, ok, checked_at, entries, accounts, journal_sum::text AS journal_sum, problems, run_by FROM ledger_verifications ORDER BY seq DESC LIMIT 1`,
    )) as Record<string, unknown>[];
    const r = rows[0];
    if (!r) return null;
    return {
      id: r.id as string,
      ok: r.ok as boolean,
      checkedAt: r.checked_at as Date,
      entries: Number(r.entries),
      accounts: Number(r.accounts),
      journalSum: r.journal_sum as string,
      problems: (r.problems as string[]) ?? [],
      runBy: (r.run_by as string | null) ?? null,
    };
  }
}
