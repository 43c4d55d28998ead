// The SDK cannot silently go stale: its committed generated files (packages/sdk/src/generated) must be
// exactly what the generator yields from the current OpenAPI document and error codes. When this
// fails, run `npm run generate -w @zc/sdk` and commit the result (check the SDK still compiles).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@zc/shared/errors';
import { publicSubset, renderErrorCodes, renderOpenApiTypes } from '../../../../packages/sdk/scripts/codegen';
import { generateOpenApiDocument } from '../platform/openapi/generate';

const generated = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/sdk/src/generated');
const committed = (file: string) => readFileSync(path.join(generated, file), 'utf8');
const hint = 'packages/sdk/src/generated is stale: run `npm run generate -w @zc/sdk` and commit it';

describe('SDK generated files', () => {
  it('openapi.ts matches the public part of the current OpenAPI document', { timeout: 120_000 }, async () => {
    const doc = await generateOpenApiDocument();
    const subset = publicSubset(doc);
    expect(Object.keys(subset.paths as object).length, 'the public API has paths').toBeGreaterThan(0);
    expect(committed('openapi.ts'), hint).toBe(await renderOpenApiTypes(doc));
  });

  it('error-codes.ts matches packages/shared/src/errors.ts', async () => {
    expect(committed('error-codes.ts'), hint).toBe(renderErrorCodes(ERROR_CODES));
  });
});
