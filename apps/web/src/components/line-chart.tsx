import { useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { formatCompact } from '../lib/formatters';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
  values: number[];
}

/** The drawing's width before the container is measured (and where ResizeObserver is missing). */
const DEFAULT_W = 720;
const MIN_W = 240;
const H = 240;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };
/** Room per x-axis label (a DD/MM/YYYY or DD/MM HH:mm label at 11 px, with a gap). */
const LABEL_SPACING = 84;

/**
 * The container's width in CSS pixels: the drawing is laid out at that width (viewBox = pixels), so
 * axis labels stay 11 px on a phone instead of shrinking with a scaled-down picture.
 */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_W);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const w = Math.round(el.clientWidth);
      if (w > 0) setWidth(Math.max(MIN_W, w));
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, W: width };
}

/** Rounds the axis maximum up to a 1/2/5 × 10ⁿ step so the ticks read well. */
function niceMax(max: number): { top: number; step: number } {
  if (max <= 4) return { top: 4, step: 1 };
  const raw = max / 4;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow;
  return { top: step * 4, step };
}

/**
 * A small SVG line chart (no charting library: the route chunk stays small). Scales to its
 * container's width (drawn at its pixel width); the pointer or a tap shows the bucket's values. `formatAxis` writes the
 * y-axis ticks and `formatValue` the tooltip's values (both compact counts by default; money
 * charts pass a currency format).
 */
export function LineChart({
  labels,
  series,
  ariaLabel,
  testId = 'line-chart',
  formatAxis = formatCompact,
  formatValue = formatCompact,
}: {
  labels: string[];
  series: ChartSeries[];
  ariaLabel: string;
  testId?: string;
  formatAxis?: (value: number) => string;
  formatValue?: (value: number) => string;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const { ref, W } = useWidth();
  const n = labels.length;
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const { top, step } = niceMax(max);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (n <= 1 ? innerW / 2 : (i * innerW) / (n - 1));
  const y = (v: number) => PAD.top + innerH - (v / top) * innerH;
  const ticks = [0, 1, 2, 3, 4].map((k) => k * step);
  const every = Math.max(1, Math.ceil(n / Math.max(2, Math.floor(innerW / LABEL_SPACING))));
  const paths = series.map((s) => ({ ...s, d: s.values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join('') }));
  const onMove = (e: PointerEvent<SVGSVGElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const px = ((e.clientX - r.left) / r.width) * W;
    const i = n <= 1 ? 0 : Math.round(((px - PAD.left) / innerW) * (n - 1));
    setHover(Math.min(n - 1, Math.max(0, i)));
  };
  const tipLeft = hover === null ? 0 : (x(hover) / W) * 100;

  return (
    <div ref={ref} style={{ position: 'relative', width: '100%' }} data-testid={testId}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={ariaLabel} style={{ display: 'block', touchAction: 'pan-y' }} onPointerMove={onMove} onPointerDown={onMove} onPointerLeave={() => setHover(null)}>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#f0f0f0" />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize={11} fill="#8c8c8c">
              {formatAxis(v)}
            </text>
          </g>
        ))}
        {labels.map((l, i) =>
          i % every === 0 ? (
            // A label at the right edge ends there instead of being cut off by the drawing's border.
            <text key={l} x={x(i)} y={H - 8} textAnchor={x(i) > W - PAD.right - LABEL_SPACING / 2 ? 'end' : 'middle'} fontSize={11} fill="#8c8c8c">
              {l}
            </text>
          ) : null,
        )}
        {paths.map((s) => (
          <path key={s.key} d={s.d} fill="none" stroke={s.color} strokeWidth={2} strokeLinejoin="round" />
        ))}
        {n <= 40
          ? paths.map((s) => s.values.map((v, i) => <circle key={`${s.key}-${i}`} cx={x(i)} cy={y(v)} r={2.5} fill={s.color} />))
          : null}
        {hover !== null ? <line x1={x(hover)} x2={x(hover)} y1={PAD.top} y2={PAD.top + innerH} stroke="#bfbfbf" strokeDasharray="3 3" /> : null}
      </svg>
      {hover !== null ? (
        <div
          role="status"
          style={{
            position: 'absolute',
            top: 4,
            left: `${tipLeft}%`,
            transform: tipLeft > 50 ? 'translateX(calc(-100% - 8px))' : 'translateX(8px)',
            background: 'rgba(255,255,255,0.96)',
            border: '1px solid #f0f0f0',
            borderRadius: 6,
            padding: '6px 8px',
            fontSize: 12,
            pointerEvents: 'none',
            whiteSpace: 'nowrap',
            boxShadow: '0 2px 8px rgba(0,0,0,0.08)',
          }}
        >
          <div style={{ fontWeight: 600, marginBottom: 2 }}>{labels[hover]}</div>
          {series.map((s) => (
            <div key={s.key}>
              <span style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, background: s.color, marginRight: 6 }} />
              {s.label}: {formatValue(s.values[hover] ?? 0)}
            </div>
          ))}
        </div>
      ) : null}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 12px', marginTop: 8, fontSize: 12 }}>
        {series.map((s) => (
          <span key={s.key} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <span style={{ width: 10, height: 3, background: s.color, display: 'inline-block' }} />
            {s.label}
          </span>
        ))}
      </div>
    </div>
  );
}
