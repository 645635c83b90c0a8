/** Money is integer paise (bigint) inside; the API speaks rupees as JSON numbers with at most 2 decimals. */
export type Paise = bigint;

export const rupees = (r: number | bigint): Paise => BigInt(r) * 100n;

/** Parses an API rupee amount: finite, at most 2 decimals. Returns null when it is not one. */
export function parseRupees(value: unknown): Paise | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (Math.abs(value) > 1e13) return null;
  const scaled = Math.round(value * 100);
  if (Math.abs(scaled - value * 100) > 1e-6) return null;
  return BigInt(scaled);
}

/** Paise to a rupee JSON number (exact for any amount below 2^53 paise). */
export const toRupees = (p: Paise): number => Number(p) / 100;

// Built once: constructing an Intl.NumberFormat costs ~0.1 ms (it dominated settlement's CPU profile).
const INR_WHOLE = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0 });
const INR_PAISE = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

export function formatInr(p: Paise): string {
  return (p % 100n === 0n ? INR_WHOLE : INR_PAISE).format(toRupees(p));
}

/** floor(amount * num / den) and the remainder, in paise, for splits that must add up exactly. */
export function percentOf(amount: Paise, percent: bigint): Paise {
  return (amount * percent) / 100n;
}
