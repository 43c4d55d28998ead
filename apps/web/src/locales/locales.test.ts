import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@zc/shared/errors';

const dir = path.dirname(fileURLToPath(import.meta.url));
const LANGUAGES = ['vi', 'en'] as const;

function flatten(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
}

function readNamespace(lng: string, file: string): unknown {
  return JSON.parse(readFileSync(path.join(dir, lng, file), 'utf8'));
}

describe('locales', () => {
  const files = new Set(LANGUAGES.flatMap((lng) => readdirSync(path.join(dir, lng))));

  it('ships the same namespaces in vi and en', () => {
    for (const lng of LANGUAGES) expect(readdirSync(path.join(dir, lng)).sort()).toEqual([...files].sort());
  });

  for (const file of files) {
    it(`has every key of ${file} in both languages`, () => {
      const [vi, en] = LANGUAGES.map((lng) => new Set(flatten(readNamespace(lng, file))));
      const onlyVi = [...(vi ?? [])].filter((k) => !en?.has(k));
      const onlyEn = [...(en ?? [])].filter((k) => !vi?.has(k));
      expect({ onlyVi, onlyEn }).toEqual({ onlyVi: [], onlyEn: [] });
    });
  }

  it('translates every shared error code', () => {
    for (const lng of LANGUAGES) {
      const keys = new Set(flatten(readNamespace(lng, 'errors.json')));
      expect(Object.keys(ERROR_CODES).filter((code) => !keys.has(code))).toEqual([]);
    }
  });

  it('keeps the §8 texts exactly in every language', () => {
    for (const lng of LANGUAGES) {
      const errors = readNamespace(lng, 'errors.json');
      expect(errors).toMatchObject({
        LOGIN_FAILED: 'Login failed. Account is not exist!',
        NO_MERCHANT: 'No merchants assigned',
        NO_TENANT: 'No tenant',
        MODULE_NOT_ENABLED: 'module not enabled. Please contact administrator',
      });
      expect(readNamespace(lng, 'common.json')).toMatchObject({
        errorPage: {
          403: 'Sorry, you are not authorized to access this page.',
          404: 'Sorry, the page you visited does not exist.',
          500: 'Sorry, something went wrong.',
        },
      });
    }
  });
});
