/**
 * Where the wheel stops. Slice i (of n, equal, in `position` order) spans i·360/n … (i+1)·360/n
 * clockwise from the top, where the pointer is; turning the wheel by r degrees clockwise puts the
 * angle a under the pointer when (a + r) mod 360 = 0.
 */

/** The slice under the pointer at rotation `r`. */
export function sliceAt(rotation: number, n: number): number {
  const a = (((360 - (rotation % 360)) % 360) + 360) % 360;
  return Math.min(n - 1, Math.floor(a / (360 / n)));
}

/**
 * The rotation (degrees, always growing) that brings slice `index` under the pointer after `turns`
 * full turns, a little off its centre (`jitter` in −0.5…0.5 of a quarter slice each way, never near an edge).
 */
export function rotationFor(current: number, index: number, n: number, turns = 6, jitter = Math.random() - 0.5): number {
  const step = 360 / n;
  const target = 360 - (index * step + step / 2);
  const base = current - (current % 360) + turns * 360;
  return base + target + jitter * step * 0.5;
}
