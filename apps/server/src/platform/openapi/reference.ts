import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../errors';
import { IMMUTABLE } from '../static-assets';
import { decorateForReference } from './reference-content';

/**
 * The API reference at `/api/docs` (issue 17 #3): Scalar's standalone browser bundle, served from our
 * own origin under a content-hashed URL (cached a year), loaded by this page only — the console SPA
 * never imports it. The document it renders is `/api/docs/json` (`app.swagger()`, completed by the
 * pipeline in ./index.ts); try-it calls this same origin.
 */
export const DOCS_PREFIX = '/api/docs';

/**
 * The page's own Content-Security-Policy (the global one allows no other page more than it needs).
 * Scalar's bundle is one self-hosted script that injects its stylesheet as a `<style>` element and
 * sets inline styles (style-src 'unsafe-inline'); its default fonts come from fonts.scalar.com, so
 * they are switched off (withDefaultFonts: false) and the system font stack is used. No eval, no
 * workers, no other origin: try-it requests go to this server (connect-src 'self').
 */
export const REFERENCE_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'none'"],
  frameSrc: ["'none'"],
  objectSrc: ["'none'"],
};

/** What the page tells Scalar (serialised into the page's own init script, never inline). */
const SCALAR_CONFIGURATION = {
  url: `${DOCS_PREFIX}/json`,
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  persistAuth: false,
  hideClientButton: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  defaultOpenFirstTag: true,
  authentication: { preferredSecurityScheme: 'apiKey' },
  metaData: { title: 'Zalo Console API reference' },
  // The guides' tables size their columns by content (Scalar's fixed layout gives a 6-digit code the
  // width of a paragraph); cells still break long words, so a table never outgrows the phone.
  // On a wide screen the short cells (codes, kinds) stay on one line.
  customCss:
    '.scalar-app .introduction-description .markdown table { table-layout: auto; } @media (min-width: 1000px) { .scalar-app .introduction-description .markdown td:first-child code, .scalar-app .introduction-description .markdown td:nth-child(2) > code:only-child { white-space: nowrap; word-break: normal; } }',
};

interface Asset {
  name: string;
  body: Buffer;
  encoded: Map<'br' | 'gzip', Promise<Buffer>>;
}

interface ReferenceAssets {
  scalar: Asset;
  init: Asset;
  html: string;
}

const requireFromHere = createRequire(import.meta.url);

/** `@scalar/api-reference`'s single-file browser build (UMD: defines `window.Scalar`, no further chunks). */
export function scalarBundlePath(): string {
  const entry = requireFromHere.resolve('@scalar/api-reference');
  return path.join(path.dirname(entry), 'browser', 'standalone.js');
}

function hashed(stem: string, body: Buffer): Asset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
  return { name: `${stem}-${hash}.js`, body, encoded: new Map() };
}

function initScript(): Buffer {
  // Try-it targets the origin the page was served from (the document's `servers` name PUBLIC_URL, which
  // may be another host in development); the document's servers are kept after it.
  const source = `(function () {
  var configuration = ${JSON.stringify(SCALAR_CONFIGURATION)};
  configuration.servers = [{ url: window.location.origin, description: 'This server' }];
  window.Scalar.createApiReference('#app', configuration);
})();
`;
  return Buffer.from(source);
}

function page(scalar: Asset, init: Asset): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Zalo Console API reference</title>
<link rel="icon" href="data:,">
<meta name="description" content="Reference of the Zalo Console public API (ZNS and OA sending, webhooks) and console API, with try-it.">
</head>
<body>
<div id="app"></div>
<script src="${DOCS_PREFIX}/assets/${scalar.name}"></script>
<script src="${DOCS_PREFIX}/assets/${init.name}"></script>
</body>
</html>
`;
}

/** Read and hashed once per process, on the first request (building the app, e.g. in tests, reads nothing). */
let loading: Promise<ReferenceAssets> | null = null;
export function loadReferenceAssets(): Promise<ReferenceAssets> {
  loading ??= (async () => {
    const scalar = hashed('scalar', await readFile(scalarBundlePath()));
    const init = hashed('reference', initScript());
    return { scalar, init, html: page(scalar, init) };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding the client accepts best, compressed once and kept (the bundle is ~4 MB, ~1 MB compressed). */
function encodingFor(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

function encoded(asset: Asset, encoding: 'br' | 'gzip'): Promise<Buffer> {
  let hit = asset.encoded.get(encoding);
  if (!hit) {
    hit = encoding === 'br' ? brotli(asset.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } }) : gzipAsync(asset.body, { level: 9 });
    asset.encoded.set(encoding, hit);
    hit.catch(() => asset.encoded.delete(encoding));
  }
  return hit;
}

async function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: Asset) {
  const encoding = encodingFor(request);
  void reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', IMMUTABLE).header('vary', 'accept-encoding');
  if (!encoding) return reply.send(asset.body);
  const body = await encoded(asset, encoding);
  return reply.header('content-encoding', encoding).send(body);
}

export async function registerReference(app: FastifyInstance, _config: Config): Promise<void> {
  const helmet = { contentSecurityPolicy: { directives: REFERENCE_CSP_DIRECTIVES } };

  app.get(DOCS_PREFIX, { helmet, schema: { hide: true } }, async (_request, reply) => {
    const assets = await loadReferenceAssets();
    // The page names the current hashed bundle: revalidated at each use, so a deploy is picked up.
    return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(assets.html);
  });
  app.get(`${DOCS_PREFIX}/`, { helmet, schema: { hide: true } }, async (_request, reply) => reply.redirect(DOCS_PREFIX));

  app.get<{ Params: { name: string } }>(`${DOCS_PREFIX}/assets/:name`, { helmet, schema: { hide: true } }, async (request, reply) => {
    const assets = await loadReferenceAssets();
    const asset = [assets.scalar, assets.init].find((a) => a.name === request.params.name);
    if (!asset) throw new AppError('NOT_FOUND');
    return sendAsset(request, reply, asset);
  });

  // The document itself, as the pipeline of ./index.ts built it (generated clients and the SDK read it),
  // decorated for the reader (idempotent: a pipeline that already decorated it is left as it is).
  app.get(`${DOCS_PREFIX}/json`, { helmet, schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(decorateForReference(app.swagger())),
  );
}
