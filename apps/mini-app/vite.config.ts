import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset, as the console's build does
 * (apps/web/vite.config.ts), so the API server sends them precompressed
 * (apps/server/src/platform/mini-app-assets.ts). A variant that is not smaller is not written.
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'zc:mini-app-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir).filter((f) => COMPRESSIBLE.test(f) && !f.includes(`${path.sep}.vite${path.sep}`))) {
        const raw = readFileSync(file);
        const br = brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * The Zalo Mini App (issue 14 #9). Served by the API server under /mini-app/ (inside Zalo the
 * platform serves the same build from its own host). zmp-ui is hoisted to the root node_modules,
 * where React 19 (the console's) lives: `dedupe` makes every `react` import — zmp-ui's and
 * react-router's included — resolve to this app's React 18.
 */
export default defineConfig({
  base: '/mini-app/',
  plugins: [react(), precompress()],
  resolve: { dedupe: ['react', 'react-dom'] },
  server: {
    port: 5174,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      '/zalo-sandbox': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    manifest: true,
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 400,
  },
});
