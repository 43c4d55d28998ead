import { forwardRef } from 'react';
import type { DrawLook } from '@zc/shared/api/zma-draw';

export interface WheelSlice {
  id: string;
  label: string;
  color: string | null;
}

const SIZE = 300;
const R = SIZE / 2 - 8;
const C = SIZE / 2;

function point(angleDeg: number, radius: number): [number, number] {
  // 0° is the top (where the pointer is), clockwise.
  const a = ((angleDeg - 90) * Math.PI) / 180;
  return [C + radius * Math.cos(a), C + radius * Math.sin(a)];
}

/** Black or white text, whichever reads better on the slice's colour. */
function textOn(hex: string): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m?.[1]) return '#fff';
  const n = parseInt(m[1], 16);
  const lum = 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return lum > 160 ? '#222' : '#fff';
}

const shorten = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/**
 * The wheel drawn from the draw's prizes (in `position` order, equal slices) and look. The parent
 * turns it by setting `rotation` (degrees); slice i's centre sits at i·360/n + 180/n from the top.
 */
export const WheelSvg = forwardRef<SVGGElement, { slices: WheelSlice[]; look: DrawLook; rotation: number; durationMs: number }>(
  function WheelSvg({ slices, look, rotation, durationMs }, ref) {
    const n = Math.max(slices.length, 1);
    const step = 360 / n;
    const fallback = [look.primaryColor, look.secondaryColor];
    return (
      <svg className="wheel" viewBox={`0 0 ${SIZE} ${SIZE + 14}`} role="img" aria-label={slices.map((s) => s.label).join(', ')}>
        <circle cx={C} cy={C + 10} r={R + 6} fill={look.primaryColor} />
        <g transform="translate(0 10)">
          <g
            ref={ref}
            data-testid="wheel-rotor"
            style={{
              transform: `rotate(${rotation}deg)`,
              transformOrigin: `${C}px ${C}px`,
              transition: durationMs ? `transform ${durationMs}ms cubic-bezier(0.17, 0.67, 0.12, 0.99)` : 'none',
            }}
          >
            {slices.map((s, i) => {
              const fill = s.color ?? fallback[i % 2] ?? '#ccc';
              const [x1, y1] = point(i * step, R);
              const [x2, y2] = point((i + 1) * step, R);
              const large = step > 180 ? 1 : 0;
              const mid = i * step + step / 2;
              // Centred between the hub and the rim, short enough to stay inside both.
              const [tx, ty] = point(mid, (26 + R - 6) / 2);
              return (
                <g key={s.id}>
                  <path d={`M${C},${C} L${x1},${y1} A${R},${R} 0 ${large} 1 ${x2},${y2} Z`} fill={fill} stroke="#fff" strokeWidth={2} />
                  <text
                    x={tx}
                    y={ty}
                    fill={textOn(fill)}
                    fontSize={n > 8 ? 11 : 13}
                    fontWeight={600}
                    textAnchor="middle"
                    dominantBaseline="middle"
                    transform={`rotate(${mid <= 180 ? mid - 90 : mid + 90} ${tx} ${ty})`}
                  >
                    {shorten(s.label, n > 8 ? 11 : 13)}
                    <title>{s.label}</title>
                  </text>
                </g>
              );
            })}
          </g>
          <circle cx={C} cy={C} r={22} fill="#fff" stroke={look.primaryColor} strokeWidth={4} />
        </g>
        {/* the pointer, at the top */}
        <path d={`M${C - 12},2 L${C + 12},2 L${C},30 Z`} fill={look.secondaryColor} stroke="#333" strokeWidth={1.5} />
      </svg>
    );
  },
);
