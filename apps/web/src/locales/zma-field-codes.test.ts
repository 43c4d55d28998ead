import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = path.dirname(fileURLToPath(import.meta.url));
const modules = path.resolve(dir, '../../../server/src/modules');

/** The field codes the mini-app modules answer in 422s: the last argument of `invalid(…, 'code')` / `fieldError(…, 'code')`. */
function serverFieldCodes(): Set<string> {
  const codes = new Set<string>();
  for (const mod of readdirSync(modules).filter((m) => m.startsWith('zma-') || m === 'mini-apps')) {
    for (const file of readdirSync(path.join(modules, mod)).filter((f) => f.endsWith('.ts') && !f.includes('.test.') && !f.includes('fixtures'))) {
      const text = readFileSync(path.join(modules, mod, file), 'utf8');
      for (const m of text.matchAll(/\b(?:invalid|fieldError)\([^;]*?,\s*'([a-z_]+)'\)/g)) codes.add(m[1]!);
    }
  }
  return codes;
}

describe('mini-app field codes have texts', () => {
  const codes = serverFieldCodes();
  it('finds the draw codes', () => {
    for (const c of ['probability_sum', 'negative', 'below_won', 'duplicate', 'unknown', 'inactive']) expect(codes).toContain(c);
  });
  for (const lang of ['vi', 'en']) {
    it(`every code has errors:fields.<code> in ${lang}`, () => {
      const fields = (JSON.parse(readFileSync(path.join(dir, lang, 'errors.json'), 'utf8')) as { fields: Record<string, string> }).fields;
      expect([...codes].filter((c) => !fields[c])).toEqual([]);
    });
  }
});
