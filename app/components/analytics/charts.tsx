// Server-rendered SVG charts for the analytics dashboard (ADR 171): no JavaScript, and each chart
// is an image described by its caption, with the same figures in the table beside it.
import { useId } from "react";

export interface ChartPoint {
  label: string;
  value: number;
  /** Shown in the bar's tooltip (the value formatted). */
  text: string;
}

const WIDTH = 600;
const HEIGHT = 160;

/** Vertical bars over time (days or weeks), scaled to the largest value. */
export function ColumnChart({ points, title }: { points: ChartPoint[]; title: string }) {
  const titleId = useId();
  const max = Math.max(1, ...points.map((point) => point.value));
  const step = WIDTH / Math.max(1, points.length);
  const gap = step > 4 ? Math.min(2, step / 4) : 0;
  return (
    <svg className="analytics-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT + 16}`} role="img" aria-labelledby={titleId} preserveAspectRatio="none">
      <title id={titleId}>{title}</title>
      <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="analytics-chart__axis" />
      {points.map((point, index) => {
        const height = (point.value / max) * HEIGHT;
        return (
          <rect key={point.label} x={index * step + gap / 2} y={HEIGHT - height} width={Math.max(0.5, step - gap)} height={height} className="analytics-chart__bar">
            <title>{`${point.label}: ${point.text}`}</title>
          </rect>
        );
      })}
      {points.length > 0 ? (
        <>
          <text x={0} y={HEIGHT + 13} className="analytics-chart__label">
            {points[0]!.label}
          </text>
          <text x={WIDTH} y={HEIGHT + 13} textAnchor="end" className="analytics-chart__label">
            {points[points.length - 1]!.label}
          </text>
        </>
      ) : null}
    </svg>
  );
}

/** Horizontal bars with their labels (a funnel, a ranking). */
export function BarList({ points, title }: { points: ChartPoint[]; title: string }) {
  const titleId = useId();
  const max = Math.max(1, ...points.map((point) => point.value));
  const row = 24;
  const labelWidth = 200;
  return (
    <svg className="analytics-chart" viewBox={`0 0 ${WIDTH} ${Math.max(1, points.length) * row}`} role="img" aria-labelledby={titleId}>
      <title id={titleId}>{title}</title>
      {points.map((point, index) => (
        <g key={point.label} transform={`translate(0 ${index * row})`}>
          <text x={0} y={16} className="analytics-chart__label">
            {point.label.length > 28 ? `${point.label.slice(0, 27)}…` : point.label}
          </text>
          <rect x={labelWidth} y={4} width={Math.max(0.5, (point.value / max) * (WIDTH - labelWidth - 80))} height={row - 8} className="analytics-chart__bar">
            <title>{`${point.label}: ${point.text}`}</title>
          </rect>
          <text x={labelWidth + (point.value / max) * (WIDTH - labelWidth - 80) + 6} y={16} className="analytics-chart__label">
            {point.text}
          </text>
        </g>
      ))}
    </svg>
  );
}
