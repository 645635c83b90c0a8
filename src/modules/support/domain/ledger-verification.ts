/** A ledger verification the console ran, as stored in ledger_verifications with its time. */
export interface StoredVerification {
  id: string;
  ok: boolean;
  checkedAt: Date;
  entries: number;
  accounts: number;
  journalSum: string;
  problems: string[];
  runBy: string | null;
}

/** How the console shows a stored verification. */
export const verificationView = (v: StoredVerification) => ({ ...v, checkedAt: v.checkedAt.toISOString() });
export type VerificationView = ReturnType<typeof verificationView>;
