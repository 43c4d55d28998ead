import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';

const dirs = (path) => readdirSync(new URL(path, import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const webFeatures = dirs('./apps/web/src/features');
const serverModules = dirs('./apps/server/src/modules');
// Tests and their fixtures (server: sandbox-fixture.ts, test-fixtures.ts) wire modules and the sandbox freely.
const tests = ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/*fixture.ts', '**/*fixtures.ts', 'e2e/**', 'bench/**'];

/**
 * Server modules that another module may import besides its `service.ts` and `events.ts` — each a
 * deliberate public surface, kept as a file of its own rather than folded into service.ts because
 * moving it would be large or would put hot-path code behind another layer.
 */
const serverModulePublicFiles = [
  // None today: messaging's public surface moved from send-service.ts to messaging/service.ts (ADR 0009).
];
const sandboxMessage = 'apps/server reaches the sandbox only through the one dynamic import in apps/server/src/main.ts (the composition root); tests may import it.';
const serverSchemaBarrelMessage = 'Import a table from its domain schema file (db/schema/<domain>.ts), not the barrel: one schema file per module (issue 10 #6).';
const envRestrictions = ['process', 'node:process'].map((name) => ({ name, importNames: ['env'], message: 'Read settings in apps/server/src/config.ts and pass them through deps.' }));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-*/**', '.data/**', '**/migrations/**', 'e2e/screenshots/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Import boundaries (issue 10): who may import whom, and no cycles.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      // Depth-limited for speed; a longer cycle still shows up from one of its members.
      'import-x/no-cycle': ['error', { maxDepth: 6, ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', {
        zones: [
          { target: './packages', from: './apps', message: 'Packages never import apps.' },
          { target: './apps/web', from: ['./apps/server', './apps/zalo-sandbox'], message: 'Apps never import each other.' },
          { target: './apps/zalo-sandbox', from: ['./apps/server', './apps/web'], message: 'Apps never import each other.' },
          { target: './apps/server', from: './apps/web', message: 'Apps never import each other.' },
          { target: './apps/mini-app', from: ['./apps/server', './apps/web', './apps/zalo-sandbox'], message: 'Apps never import each other.' },
          // Web: a feature is self-contained; shared pieces live in lib/ or components/.
          ...webFeatures.map((feature) => ({
            target: `./apps/web/src/features/${feature}`,
            from: './apps/web/src/features',
            except: [`./${feature}`],
            message: 'A web feature never imports another feature: move the shared piece to lib/ or components/.',
          })),
          { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features never import app/: move the shared piece to lib/ or components/.' },
          { target: ['./apps/web/src/components', './apps/web/src/lib'], from: ['./apps/web/src/features', './apps/web/src/app'], message: 'lib/ and components/ never import features/ or app/.' },
          // Server: a module reaches another only through its service.ts or events.ts.
          ...serverModules.map((mod) => ({
            target: `./apps/server/src/modules/${mod}`,
            from: './apps/server/src/modules',
            except: [`./${mod}`, ...serverModules.flatMap((other) => [`./${other}/service.ts`, `./${other}/events.ts`]), ...serverModulePublicFiles.map((file) => `./${file}`)],
            message: 'A server module imports another only through its service.ts or events.ts.',
          })),
        ],
      }],
    },
  },
  {
    // Tests wire modules and fixtures together freely.
    files: tests,
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    // config.ts is the only reader of the environment: everything else gets settings through deps, so
    // a setting is validated at boot, listed in README, and a test can set it without touching globals.
    files: ['apps/server/src/**/*.ts', 'packages/*/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', '**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings in apps/server/src/config.ts and pass them through deps.' }],
      'no-restricted-imports': ['error', { paths: envRestrictions }],
    },
  },
  {
    // Static value imports only: the one dynamic `import('@zc/zalo-sandbox/…')` in main.ts (the composition
    // root) is allowed, and so are type imports (erased at build). Tests and their fixtures use the sandbox freely.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', ...tests],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: envRestrictions,
        patterns: [
          { group: ['@zc/zalo-sandbox', '@zc/zalo-sandbox/*'], message: sandboxMessage, allowTypeImports: true },
          { group: ['@zc/web', '@zc/web/*'], message: 'Apps never import each other.' },
          { group: ['**/db/schema/index'], message: serverSchemaBarrelMessage },
        ],
      }],
    },
  },
  {
    // The db layer itself (client, migrations CLI, seeds) takes every table through the barrel.
    files: ['apps/server/src/db/**/*.ts'],
    ignores: tests,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: envRestrictions,
        patterns: [{ group: ['@zc/zalo-sandbox', '@zc/zalo-sandbox/*'], message: sandboxMessage, allowTypeImports: true }],
      }],
    },
  },
  {
    files: ['packages/*/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: envRestrictions,
        patterns: [{ group: ['@zc/server', '@zc/server/*', '@zc/web', '@zc/web/*', '@zc/zalo-sandbox', '@zc/zalo-sandbox/*'], message: 'Packages never import apps.' }],
      }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/zalo-sandbox/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['@zc/server', '@zc/server/*', '@zc/web', '@zc/web/*', '@zc/zalo-sandbox', '@zc/zalo-sandbox/*'], message: 'Apps never import each other.' }],
      }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/mini-app/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // The React Compiler checks of react-hooks 7 (setState in an effect, impure calls and ref reads in
    // render) warn for now: the few existing cases are listed in issue 10 #7's report to be reworked one by one.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'react-hooks/set-state-in-effect': 'warn', 'react-hooks/purity': 'warn', 'react-hooks/refs': 'warn' },
  },
  {
    // Every user-visible text comes from the locale files (vi and en).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }] },
  },
);
