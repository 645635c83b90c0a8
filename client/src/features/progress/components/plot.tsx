import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { tokenColor } from '@/lib/token-color';
import { type Axis, fromTop } from '../utils/ticks';

// The frame the progress charts draw in: value labels on the left and categories below in HTML (they keep their size
// at any width), the grid and the marks in an SVG whose x positions are shares of its width. Plain elements, drawn in
// one cheap commit: no chart library (recharts measured text in the DOM on its first render, two long tasks on a phone).

const PLOT_H = 200;
const PAD_TOP = 8;
const PAD_BOTTOM = 1;
const muted = tokenColor('fg.muted');

/** The y of `value` in the plot, in pixels from its top. */
export const yOf = (axis: Axis, value: number) => PAD_TOP + (PLOT_H - PAD_TOP - PAD_BOTTOM) * fromTop(axis, value);

/** The middle of the i-th of n slots across the plot, as a percentage of its width. */
export const slotCentre = (i: number, n: number) => ((i + 0.5) / n) * 100;

export interface PlotSeries {
  name: string;
  label: string;
  color: string;
  dashed?: boolean;
}

export function Plot({
  label,
  testId,
  axis,
  yLabel,
  yWidth,
  xLabels,
  series,
  children,
}: {
  label: string;
  testId: string;
  axis: Axis;
  yLabel: (value: number) => string;
  yWidth: number;
  /** each label and where it sits, as a percentage of the plot's width */
  xLabels: { label: string; at: number }[];
  series: PlotSeries[];
  children: ReactNode;
}) {
  return (
    <Box as="figure" m={0} aria-label={label} data-testid={testId}>
      <div style={{ display: 'grid', gridTemplateColumns: `${yWidth}px minmax(0, 1fr)`, columnGap: 6 }}>
        <div aria-hidden="true" style={{ position: 'relative', height: PLOT_H }}>
          {axis.ticks.map((t) => (
            <span
              key={t}
              style={{ position: 'absolute', right: 0, top: yOf(axis, t) - 8, fontSize: 12, lineHeight: '16px', color: muted, whiteSpace: 'nowrap' }}
            >
              {yLabel(t)}
            </span>
          ))}
        </div>
        <svg width="100%" height={PLOT_H} aria-hidden="true" style={{ display: 'block', overflow: 'visible' }}>
          {axis.ticks.map((t) => (
            <line key={t} x1="0" x2="100%" y1={yOf(axis, t)} y2={yOf(axis, t)} stroke={tokenColor('border')} />
          ))}
          {children}
        </svg>
        <div />
        <div aria-hidden="true" style={{ position: 'relative', height: 22 }}>
          {xLabels.map(({ label: text, at }) => (
            // shifted by its own share of the width: the first label starts at its mark, the last ends at it, none overflows
            <span
              key={at}
              style={{
                position: 'absolute',
                left: `${at}%`,
                transform: `translateX(-${at}%)`,
                top: 4,
                fontSize: 12,
                lineHeight: '16px',
                color: muted,
                whiteSpace: 'nowrap',
              }}
            >
              {text}
            </span>
          ))}
        </div>
      </div>
      <ul
        style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '4px 16px', listStyle: 'none', margin: '8px 0 0', padding: 0, fontSize: 14 }}
      >
        {series.map((s) => (
          <li key={s.name} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <span aria-hidden="true" style={{ width: 14, height: 0, borderTop: `3px ${s.dashed ? 'dotted' : 'solid'} ${s.color}` }} />
            {s.label}
          </li>
        ))}
      </ul>
    </Box>
  );
}
