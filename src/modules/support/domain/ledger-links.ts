/** Where a journal entry came from, as links support can follow (only the keys that apply). */
export interface LedgerLinks {
  challengeId?: string;
  settlementDate?: string;
  orderId?: string;
  paymentId?: string;
  gateway?: string;
  withdrawalId?: string;
  payoutReference?: string | null;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** payoutReferences: withdrawal id → the payout provider's reference (from the WITHDRAWAL_PAID entry), when paid. */
export function ledgerLinks(
  e: { correlationType: string; correlationId: string; metadata: Record<string, unknown> | null },
  payoutReferences: ReadonlyMap<string, string | null>,
): LedgerLinks {
  const m = e.metadata ?? {};
  switch (e.correlationType) {
    case 'deposit': {
      const links: LedgerLinks = { orderId: str(m.orderId) ?? e.correlationId, paymentId: str(m.paymentId), gateway: str(m.gateway) };
      return Object.fromEntries(Object.entries(links).filter(([, v]) => v !== undefined));
    }
    case 'challenge': {
      const date = str(m.date);
      return date ? { challengeId: e.correlationId, settlementDate: date } : { challengeId: e.correlationId };
    }
    case 'withdrawal':
      return { withdrawalId: e.correlationId, payoutReference: payoutReferences.get(e.correlationId) ?? null };
    default:
      return {};
  }
}
