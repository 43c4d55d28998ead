/**
 * Releases the public API (issue 17 #5): rewrites `docs/openapi/v1.json` — the `/api/v1` operations,
 * the webhooks we deliver and the components they reference — from the current document. The server
 * test `platform/openapi/versioning.test.ts` then compares every later document with it and fails on a
 * breaking change. `npm run openapi:release` (commit the file with the release).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateOpenApiDocument } from '../apps/server/src/platform/openapi/generate';
import { publicSubset } from '../apps/server/src/platform/openapi/versioning';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'openapi', 'v1.json');
const doc = publicSubset(await generateOpenApiDocument());
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
console.log(`${path.relative(process.cwd(), out)}: ${Object.keys(doc.paths as object).length} paths, ${Object.keys(doc.webhooks as object).length} webhooks`);
