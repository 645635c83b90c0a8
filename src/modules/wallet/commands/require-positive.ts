import { WalletErrors } from '../wallet.errors.js';

/** Ledger commands move a positive bigint of paise, never zero, negative or a float. */
export function requirePositive(amount: unknown): bigint {
  if (typeof amount !== 'bigint' || amount <= 0n) throw WalletErrors.invalidAmount();
  return amount;
}
