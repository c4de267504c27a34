// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench/results/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', crypto: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type A } from 'x'` keeps `import 'x'` under verbatimModuleSyntax: a schema module
      // imported that way brought zod into the web's chunks (docs/decisions/079).
      '@typescript-eslint/no-import-type-side-effects': 'error',
      'no-console': 'off',
    },
  },
  {
    // No import cycles in any workspace (README.md#architecture; docs/decisions/019): a cycle fails `npm run
    // lint`. The rule skips type-only imports (import-x hard-codes that): scripts/check-cycles.mjs, also run
    // by `npm run lint`, catches those.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'core/tsconfig.json',
            'server/tsconfig.json',
            'web/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Imports flow one way (README.md#architecture): core never imports the server or the web app.
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/server/**', '**/web/**', 'fastify*', 'drizzle-orm*', 'react*'] },
      ],
    },
  },
  {
    // A feature's repository is private to it; queries several features run live in
    // server/src/db/shared/ (docs/decisions/019-cross-feature-data-access.md).
    files: ['server/src/features/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/repository', '../../*/repository'],
              message:
                "Another feature's repository is private to it: use server/src/db/shared/ (decision 019).",
            },
          ],
        },
      ],
    },
  },
  {
    // Imports run one way on the server: plugins, the shared-state layer and lib never import a
    // feature; features hand them what they need (gauges, stores) through app.ts
    // (docs/decisions/055-one-shared-state-layer.md). A test may prove one with a feature.
    files: ['server/src/plugins/**/*.ts', 'server/src/infra/**/*.ts', 'server/src/lib/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)features(/|$)',
              message:
                'plugins/, infra/ and lib/ never import a feature: let app.ts hand it over (decision 055).',
            },
          ],
        },
      ],
    },
  },
  {
    // The bench drives the server through its public seam only: the app, its config, the database
    // handle, schema and lock, the presenters, and server/test/** (docs/decisions/058-one-mapping-per-model.md).
    files: ['bench/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'server/src/(?!(app|config|db/client|db/schema|db/lock|features/[^/]+/presenter)$)',
              message:
                'The bench imports server/src only through app, config, db/{client,schema,lock} and features/*/presenter (decision 058).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Only the API client talks to the network (README.md#architecture).
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use web/src/lib/api-client.ts.' }],
    },
  },
  {
    // Features never import each other (outside a feature, import through '@/…'); core's i18n module
    // would bundle every locale (use @/lib/i18n).
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@/features/**', '@/app/**', '../../**', '@questkeeper/core/i18n'] },
      ],
    },
  },
  {
    // The shared web code (lib/, the UI kit in components/) never imports a feature or the app shell,
    // by alias or by a relative path (docs/decisions/057-web-feature-layout.md).
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\./)?(\\.\\./)+)(features|app)(/|$)',
              message: 'lib/ and components/ are shared: pass what they need in from the feature or the app.',
            },
          ],
        },
      ],
    },
  },
);
