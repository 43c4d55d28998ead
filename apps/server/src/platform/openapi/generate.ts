import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { buildApp } from '../../app';

/**
 * Builds the app in-process over an in-memory PGlite (no network, no port) and returns the OpenAPI
 * document exactly as `/api/docs/json` serves it. Used by `npm run openapi:dump` (the SDK's types are
 * generated from it) and by the versioning test.
 *
 * `publicUrl` becomes the document's `servers` (the caller passes PUBLIC_URL); else the local default.
 */
export async function generateOpenApiDocument(opts: { publicUrl?: string } = {}): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zc-openapi-'));
  const { publicUrl } = opts;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_SECRET: 'openapi-dump-secret-openapi-dump-secret',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
  });
  // Building the document reads no table: the database is opened (buildApp needs its handle), never migrated.
  const database = await openDatabase({ worker: false });
  try {
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      return JSON.parse(JSON.stringify(app.swagger())) as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
