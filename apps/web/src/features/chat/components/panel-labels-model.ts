/** §5: at most three labels at once in each list (the followers page's label dialog rule). */
export const MAX_LABELS = 3;

/** Removes from `next` a label the other list holds (returned as `clash`) and says whether the list exceeds the limit. */
export function pickLabels(next: readonly string[], other: readonly string[]): { list: string[]; clash: string | null; tooMany: boolean } {
  const clash = next.find((v) => other.includes(v)) ?? null;
  const list = [...new Set(next.filter((v) => !other.includes(v)).map((v) => v.trim()).filter(Boolean))];
  return { list, clash, tooMany: list.length > MAX_LABELS };
}
