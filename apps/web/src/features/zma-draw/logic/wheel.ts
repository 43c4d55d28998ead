/**
 * Geometry of the wheel preview (the mini app draws the same wheel): `n` equal slices, slice 0
 * starting at the top (12 o'clock) and going clockwise, the pointer at the top. Equal slices show
 * nothing of the odds, as on the customer's wheel. Angles in degrees, 0 = 12 o'clock, clockwise.
 */

export interface Point {
  x: number;
  y: number;
}

const round = (v: number) => Math.round(v * 1000) / 1000;

/** The point at `deg` (0 = top, clockwise) on a circle of radius r around (cx, cy). */
export function polar(cx: number, cy: number, r: number, deg: number): Point {
  const rad = ((deg - 90) * Math.PI) / 180;
  return { x: round(cx + r * Math.cos(rad)), y: round(cy + r * Math.sin(rad)) };
}

export interface SliceGeometry {
  index: number;
  start: number;
  end: number;
  /** The centre angle (where the label sits, and where the pointer lands for this slice). */
  mid: number;
}

export function slices(n: number): SliceGeometry[] {
  if (n <= 0) return [];
  const step = 360 / n;
  return Array.from({ length: n }, (_, index) => ({ index, start: index * step, end: (index + 1) * step, mid: index * step + step / 2 }));
}

/** SVG path of one slice (a full disc when it spans the whole circle). */
export function slicePath(cx: number, cy: number, r: number, start: number, end: number): string {
  const span = end - start;
  if (span >= 360) {
    const top = polar(cx, cy, r, 0);
    const bottom = polar(cx, cy, r, 180);
    return `M ${top.x} ${top.y} A ${r} ${r} 0 1 1 ${bottom.x} ${bottom.y} A ${r} ${r} 0 1 1 ${top.x} ${top.y} Z`;
  }
  const a = polar(cx, cy, r, start);
  const b = polar(cx, cy, r, end);
  const large = span > 180 ? 1 : 0;
  return `M ${cx} ${cy} L ${a.x} ${a.y} A ${r} ${r} 0 ${large} 1 ${b.x} ${b.y} Z`;
}

/**
 * The wheel's rotation (degrees, clockwise) that brings slice `index` of `n` under the top pointer
 * after `turns` full turns: the slice centre ends at 0°.
 */
export function stopRotation(index: number, n: number, turns = 5): number {
  const mid = slices(n)[index]?.mid ?? 0;
  return turns * 360 + ((360 - mid) % 360);
}

/** The slice under the pointer when the wheel has turned `rotation` degrees clockwise. */
export function sliceAtPointer(rotation: number, n: number): number {
  if (n <= 0) return -1;
  const at = (((-rotation % 360) + 360) % 360) % 360;
  return Math.min(n - 1, Math.floor(at / (360 / n)));
}

/**
 * The rotation of a slice's label (SVG degrees) so that it reads along the radius and is never upside
 * down: outwards on the right half of the wheel, inwards on the left half.
 */
export function labelRotation(mid: number): number {
  const m = ((mid % 360) + 360) % 360;
  return m > 180 ? m + 90 - 360 : m - 90;
}

/** Black or white text, whichever reads better on a #rrggbb background (WCAG relative luminance). */
export function textColorOn(hex: string): '#000000' | '#FFFFFF' {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return '#000000';
  const n = parseInt(m[1], 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const lum = 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  return (lum + 0.05) / 0.05 > 1.05 / (lum + 0.05) ? '#000000' : '#FFFFFF';
}

/** A label cut to fit a slice (more slices → fewer characters). */
export function fitLabel(label: string, n: number): string {
  const max = n <= 4 ? 11 : n <= 8 ? 10 : 8;
  const chars = [...label.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}
