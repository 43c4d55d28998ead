import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

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
    // config.ts is the only reader of the environment: everything else gets settings through deps, so
    // a setting is validated at boot, listed in README, and a test can set it without touching globals.
    files: ['apps/server/src/**/*.ts', 'packages/*/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', '**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings in apps/server/src/config.ts and pass them through deps.' }],
      'no-restricted-imports': ['error', { paths: ['process', 'node:process'].map((name) => ({ name, importNames: ['env'], message: 'Read settings in apps/server/src/config.ts and pass them through deps.' })) }],
    },
  },
);
