import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * `ZC_SHELL_ONLY=1` builds `shell-only.html` (providers + shell, no routes) into `dist-shell/`:
 * the baseline that scripts/check-bundle.mjs compares the login route's first load with.
 */
const isShellOnly = process.env.ZC_SHELL_ONLY === '1';

/**
 * antd's own modules are declared side-effect free, but the @rc-component/* packages under it
 * are not, so their index files keep everything they import: `@rc-component/form`'s index (static
 * `RefForm.Field = …` assignments) put rc-field-form + async-validator in every page with an Input,
 * `@rc-component/input`'s put TextArea next to every Input, `@rc-component/trigger`'s the tooltip
 * popup code in the entry. Their only top-level effects are such static-property assignments and
 * dev-only displayName blocks (checked for the installed versions; none is imported for its side
 * effects), so unused modules may be dropped. Measured: login route first load −6 KB gzip.
 */
const RC_COMPONENT = /[\\/]node_modules[\\/]@rc-component[\\/]/;

/**
 * antd's ConfigProvider imports Tooltip's UniqueProvider (rc-trigger, portal, popup motion: ~8 KB
 * gzip) statically but renders it only with `<ConfigProvider tooltip={{ unique: true }}>`, which
 * this app does not use; since ConfigProvider is in the entry, so was the provider. This plugin hands
 * ConfigProvider (and only it) a stand-in that loads the real provider on first render, so the
 * option keeps working and the code leaves the entry. Tooltip itself still imports the real module.
 */
const LAZY_UNIQUE_PROVIDER = '\0zc:antd-lazy-unique-provider';
function antdLazyTooltipUniqueProvider(): Plugin {
  return {
    name: 'zc:antd-lazy-tooltip-unique-provider',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../tooltip/UniqueProvider' && importer && /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer)) {
        return LAZY_UNIQUE_PROVIDER;
      }
      return null;
    },
    load(id) {
      if (id !== LAZY_UNIQUE_PROVIDER) return null;
      return [
        "import { createElement, lazy, Suspense } from 'react';",
        "const Provider = lazy(() => import('antd/es/tooltip/UniqueProvider'));",
        'export default function LazyUniqueProvider(props) {',
        '  return createElement(Suspense, { fallback: null }, createElement(Provider, props));',
        '}',
      ].join('\n');
    },
  };
}

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text asset of the build, so
 * the server sends them precompressed (apps/server/src/platform/static-assets.ts) instead of
 * compressing on each request or not at all. A variant that is not smaller is not written.
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'zc:precompress',
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

export default defineConfig({
  plugins: [react(), antdLazyTooltipUniqueProvider(), precompress()],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    manifest: true,
    sourcemap: process.env.ZC_SOURCEMAP === '1',
    outDir: isShellOnly ? 'dist-shell' : 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      input: isShellOnly ? 'shell-only.html' : 'index.html',
      treeshake: { moduleSideEffects: (id) => (RC_COMPONENT.test(id) ? false : undefined) },
      // Everything the entry imports statically in one chunk: left to itself rolldown split it into
      // ~10 shared chunks (react, i18n, api client, antd context…) that the lazy pages import too;
      // one file compresses better. Measured: login route −4.1 KB gzip, 11 → 2 entry files; the
      // signed-in pages' first load shrank too (shell + users page 465 → 459 KB).
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
    },
  },
});
