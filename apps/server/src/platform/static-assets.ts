import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite names every file under assets/ after its content hash, so it never changes under one URL. */
const HASHED_DIR = `${path.sep}assets${path.sep}`;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA (ARCHITECTURE rule 12): the `.br`/`.gz` files written at build time
 * (apps/web/vite.config.ts) are sent to browsers that accept them, hashed assets are cached for a
 * year without revalidation, and everything else (index.html, logo) is revalidated on each use, so a
 * deploy is picked up at the next load.
 */
export async function registerStaticAssets(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // `send`'s own Cache-Control (max-age=0) would overwrite ours; setHeaders decides instead.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const relative = filePath.slice(webDist.length);
      res.setHeader('cache-control', relative.startsWith(HASHED_DIR) ? IMMUTABLE : 'no-cache');
      // One URL answers brotli, gzip or identity: shared caches must key on the encoding.
      res.setHeader('vary', 'accept-encoding');
    },
  });
}
