import type { ReactNode } from 'react';

/**
 * A horizontal bar chart as inline SVG: one row per label, so it reads at 375 px as well as at
 * 1280. The picture is for people who would rather look than read; `summary` says the same numbers
 * to a screen reader (the SVG is one image), and the screens put the table beside it.
 */

export interface Bar {
  label: string;
  /** Hours. */
  value: number;
  /** This row's own minimum, drawn as a mark across the row. */
  minimum?: number;
}

const WIDTH = 400;
const VALUE_WIDTH = 48;
const ROW = 26;
const TOP = 24;

/** A round scale end at or above `max`: 10, 20, 50, 100, 200... */
function niceMax(max: number): number {
  if (max <= 0) return 10;
  const step = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) if (max <= m * step) return m * step;
  return 10 * step;
}

export function BarChart({ bars, summary, line, lineLabel, labelWidth = 96 }: { bars: Bar[]; summary: string; line?: number | null; lineLabel?: string; labelWidth?: number }): ReactNode {
  const LABEL_WIDTH = labelWidth;
  const BAR_AREA = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const top = Math.max(...bars.map((b) => Math.max(b.value, b.minimum ?? 0)), line ?? 0);
  const scale = niceMax(top);
  const x = (v: number): number => LABEL_WIDTH + (Math.min(v, scale) / scale) * BAR_AREA;
  const bottom = TOP + bars.length * ROW;
  const height = bottom + 18;
  const lineX = line === undefined || line === null ? null : x(line);
  return (
    <svg className="attendance-chart" role="img" aria-label={summary} viewBox={`0 0 ${WIDTH} ${height}`} preserveAspectRatio="xMinYMin meet">
      {/* The scale, 0 to its end, under the bars. */}
      <text x={LABEL_WIDTH} y={bottom + 14} className="chart-axis">
        0
      </text>
      <text x={LABEL_WIDTH + BAR_AREA} y={bottom + 14} textAnchor="end" className="chart-axis">
        {scale} h
      </text>
      {bars.map((b, i) => {
        const y = TOP + i * ROW;
        return (
          <g key={b.label}>
            <text x={0} y={y + 16} className="chart-label">
              {b.label}
            </text>
            <rect x={LABEL_WIDTH} y={y + 4} width={BAR_AREA} height={ROW - 8} className="chart-track" />
            <rect x={LABEL_WIDTH} y={y + 4} width={x(b.value) - LABEL_WIDTH} height={ROW - 8} className={b.value < (b.minimum ?? line ?? 0) ? 'chart-bar short' : 'chart-bar'} />
            {b.minimum !== undefined && <line x1={x(b.minimum)} x2={x(b.minimum)} y1={y + 2} y2={y + ROW - 2} className="chart-minimum" />}
            <text x={WIDTH} y={y + 16} textAnchor="end" className="chart-value">
              {b.value.toFixed(1)}
            </text>
          </g>
        );
      })}
      {lineX !== null && (
        <g>
          <line x1={lineX} x2={lineX} y1={TOP - 4} y2={bottom} className="chart-minimum" />
          {/* The label on the side of the line with room for it. */}
          <text x={lineX > LABEL_WIDTH + BAR_AREA / 2 ? lineX - 3 : lineX + 3} y={TOP - 8} textAnchor={lineX > LABEL_WIDTH + BAR_AREA / 2 ? 'end' : 'start'} className="chart-axis">
            {lineLabel}
          </text>
        </g>
      )}
    </svg>
  );
}
