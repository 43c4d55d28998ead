import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * `ZC_SHELL_ONLY=1` builds `shell-only.html` (providers + shell, no routes) into `dist-shell/`:
 * the baseline that scripts/check-bundle.mjs compares the login route's first load with.
 */
const isShellOnly = process.env.ZC_SHELL_ONLY === '1';

export default defineConfig({
  plugins: [react()],
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
    },
  },
});
