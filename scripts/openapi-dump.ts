/**
 * Writes the OpenAPI document (as `/api/docs/json` serves it) to a file, without a database server,
 * a network or a listening port: `node --import tsx scripts/openapi-dump.ts <out.json>`
 * (`npm run openapi:dump -- <out.json>`). PUBLIC_URL, when set, becomes the document's `servers`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateOpenApiDocument } from '../apps/server/src/platform/openapi/generate';

const out = process.argv[2];
if (!out) {
  console.error('usage: node --import tsx scripts/openapi-dump.ts <out.json>');
  process.exit(2);
}
const doc = await generateOpenApiDocument({ publicUrl: process.env.PUBLIC_URL || undefined });
mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
writeFileSync(path.resolve(out), `${JSON.stringify(doc, null, 2)}\n`);
const paths = (doc.paths ?? {}) as Record<string, Record<string, unknown>>;
const operations = Object.values(paths).reduce((n, item) => n + Object.keys(item).filter((k) => ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'].includes(k)).length, 0);
console.log(`${out}: OpenAPI ${String(doc.openapi)}, ${operations} operations`);
