import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@zc/shared/errors';
import { IMMUTABLE } from './static-assets';

const HASHED_DIR = `${path.sep}assets${path.sep}`;

/**
 * Serves the built Zalo Mini App (apps/mini-app, issue 14 #9) at `/mini-app/`: in development and
 * in the journeys it runs in an ordinary browser against this server (inside Zalo the platform hosts
 * the same build). Like the console (static-assets.ts): precompressed `.br`/`.gz`, hashed assets
 * cached for a year, index.html revalidated. It has a not-found handler of its own, so a missing
 * file under /mini-app/ answers NOT_FOUND instead of the console's index.html (the SPA fallback).
 * Files are looked up per request, so a rebuild (`npm run build -w @zc/mini-app`) is served at once.
 */
export async function registerMiniAppAssets(app: FastifyInstance, miniAppDist: string): Promise<void> {
  if (!existsSync(path.join(miniAppDist, 'index.html'))) return;
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: miniAppDist,
      prefix: '/',
      decorateReply: false,
      wildcard: true,
      index: ['index.html'],
      redirect: true,
      preCompressed: true,
      cacheControl: false,
      // The build's manifest stays private.
      allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
      setHeaders: (res, filePath) => {
        const relative = filePath.slice(miniAppDist.length);
        res.setHeader('cache-control', relative.startsWith(HASHED_DIR) ? IMMUTABLE : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
    scope.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ error: { code: 'NOT_FOUND', message: ERROR_CODES.NOT_FOUND.message, requestId: request.id } }),
    );
  }, { prefix: '/mini-app' });
  app.get('/mini-app', { schema: { hide: true } }, (_request, reply) => reply.redirect('/mini-app/', 301));
}
