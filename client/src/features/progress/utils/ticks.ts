/** An axis: its lowest and highest values and the values its labels and grid lines sit at. */
export interface Axis {
  min: number;
  max: number;
  ticks: number[];
}

/**
 * The smallest of `steps` that covers [lo, hi] in at most `most` intervals, with both ends moved out to a multiple
 * of it. `steps` ascending; when none is wide enough, the widest is multiplied by 10 until one is.
 */
export function niceAxis(lo: number, hi: number, steps: readonly number[], most = 4): Axis {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return { min: 0, max: 1, ticks: [0, 1] };
  const [a, b] = lo <= hi ? [lo, hi] : [hi, lo];
  const fits = (s: number) => Math.ceil(b / s) - Math.floor(a / s) <= most;
  let scale = 1;
  for (;;) {
    const step = steps.map((s) => s * scale).find(fits);
    if (step !== undefined) {
      const min = Math.floor(a / step) * step;
      const max = Math.max(Math.ceil(b / step) * step, min + step);
      const ticks = Array.from({ length: Math.round((max - min) / step) + 1 }, (_, i) => min + i * step);
      return { min, max, ticks };
    }
    scale *= 10;
  }
}

/** Steps for an amount in rupees: 1, 2, 5, 10, 20, 50, … */
export const MONEY_STEPS = [1, 2, 5] as const;
/** Steps for a time of day in minutes: a quarter of an hour up to three hours. */
export const CLOCK_STEPS = [15, 30, 60, 120, 180] as const;

/** Where `value` sits between `axis.max` (0) and `axis.min` (1): a share of the plot's height from its top. */
export const fromTop = (axis: Axis, value: number) => (axis.max === axis.min ? 1 : (axis.max - value) / (axis.max - axis.min));
