import { z } from 'zod';
import type { Database } from '../../db/client';
import type { ModuleDeps, ZodApp } from '../../app-types';
import { publicAccess } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { mimeOfKey } from '../../platform/files';

/** Health and uploaded files. */
export function registerSystemRoutes(app: ZodApp, deps: ModuleDeps, database: Database): void {
  app.get(
    '/health',
    { config: { access: publicAccess }, schema: { operationId: 'getHealth', summary: 'Check that the API and its database answer', tags: ['System'], security: [], response: { 200: z.object({ status: z.literal('ok'), db: z.literal('ok'), kind: z.string() }) } } },
    async () => {
      await database.raw.query('select 1');
      return { status: 'ok' as const, db: 'ok' as const, kind: database.kind };
    },
  );

  app.get(
    '/files/:key',
    { config: { access: publicAccess }, schema: { operationId: 'getFile', summary: 'Download a stored file', tags: ['System'], security: [], params: z.strictObject({ key: z.string().max(60) }) } },
    async (req, reply) => {
      const buf = await deps.files.get(req.params.key);
      if (!buf) throw notFound();
      void reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.type(mimeOfKey(req.params.key)).send(buf);
    },
  );
}
