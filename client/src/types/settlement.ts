// The settlement receipt: shown to users (challenges' receipt modal) and to staff (support console's settlements
// panel). From the server's document (src/types/api.ts).
import type { Schemas } from './api';

/** A settlement batch's receipt: money in, refunds, pool, shares, revenue, money out (rupees). */
export type SettlementReceipt = Schemas['SettlementReceipt'];
/** One anonymous line of a settlement receipt. */
export type SettlementReceiptLine = NonNullable<SettlementReceipt['lines']>[number];
