import type { FieldIssue } from '@zc/shared/errors';
import type { ZnsTemplateParam } from '@zc/zalo/zns';

/** A template parameter exactly as Zalo's `template/info/v2` lists it (stored by the sync). */
export type TemplateParam = ZnsTemplateParam;

export type TemplateValue = string | number | null;

/**
 * Checks template data against the template's params (Zalo `info/v2` listParams): unknown params,
 * missing required ones, nulls where not accepted, min/max length. Returns the normalised data
 * (numbers as strings, as Zalo expects) or the issues, each naming the param at fault.
 */
export function validateTemplateData(
  params: readonly TemplateParam[],
  data: Readonly<Record<string, TemplateValue>>,
): { ok: true; data: Record<string, string> } | { ok: false; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const known = new Map(params.map((p) => [p.name, p]));
  for (const key of Object.keys(data)) {
    if (!known.has(key)) issues.push({ path: `templateData.${key}`, code: 'unknown_param', message: `${key} is not a param of this template` });
  }
  const out: Record<string, string> = {};
  for (const p of params) {
    const path = `templateData.${p.name}`;
    const raw = data[p.name];
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.length === 0)) {
      if (raw === null && p.acceptNull) continue;
      if (p.require) issues.push({ path, code: 'required', message: `${p.name} is required` });
      continue;
    }
    const value = typeof raw === 'number' ? String(raw) : raw;
    // Zalo counts characters, not UTF-16 units: Vietnamese text with combining marks stays countable.
    const length = [...value].length;
    if (p.minLength > 0 && length < p.minLength) issues.push({ path, code: 'min_length', message: `${p.name} must have at least ${p.minLength} characters` });
    if (p.maxLength > 0 && length > p.maxLength) issues.push({ path, code: 'max_length', message: `${p.name} must have at most ${p.maxLength} characters` });
    out[p.name] = value;
  }
  return issues.length ? { ok: false, issues } : { ok: true, data: out };
}

/** Price after the tenant's discount, in whole đồng (rounded half up). */
export function discountedPrice(price: number, discountPercent: number): number {
  const d = Math.min(100, Math.max(0, discountPercent));
  return Math.round((price * (100 - d)) / 100);
}
