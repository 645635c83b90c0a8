import type { INestApplicationContext } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { VerifyLedgerQuery } from '../../src/modules/wallet/queries/verify-ledger/verify-ledger.query.js';

/**
 * The ledger's invariants, for any test touching money (call it in afterEach): every projection equals the fold
 * of the journal, the journal sums to zero, every entry balances and every hash chain holds.
 */
export async function expectLedgerConsistent(app: INestApplicationContext): Promise<void> {
  const result = await app.get(QueryBus).execute(new VerifyLedgerQuery());
  expect(result.problems).toEqual([]);
  expect(result.journalSum).toBe(0n);
  expect(result.ok).toBe(true);
}
