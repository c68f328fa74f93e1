import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The server's features: each a room whose index.ts is its door (docs/architecture.md).
const serverFeatures = readdirSync(new URL('apps/server/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// The web app's features follow the same rule (issue 61).
const webFeatures = readdirSync(new URL('apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/migrations/**',
      'apps/web/e2e/screenshots/**',
      'apps/web/e2e/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    // No import cycle on either side (issue 42).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // The browser never imports server or database code.
            { group: ['@dnx/server', '**/apps/server/**', 'drizzle-orm*', 'pg'] },
            {
              group: ['**/auth/api/current-user'],
              message:
                'The signed-in user lives in lib/current-user (issue 42): every screen reads it, no feature owns it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      // Shared code runs on both sides: no Node, no React.
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-dom', 'fastify', 'drizzle-orm*'] }],
    },
  },
  {
    // The server's ground floor (database, libraries, plugins, configuration) sits below the features: it imports
    // none of them, nor the demo room above them (docs/architecture.md). Tests beside it may drive anything.
    files: ['apps/server/src/{db,lib,plugins}/**/*.ts', 'apps/server/src/{config,paths}.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/demo/**'],
              message:
                'The ground floor (db/, lib/, plugins/) imports no feature and no demo: move the code down, or the caller up.',
            },
          ],
        },
      ],
    },
  },
  {
    // Features meet only through a declared surface (issue 42): a feature imports another's index.ts, never a file
    // inside it. Tests beside a feature may drive anything.
    files: ['apps/server/src/features/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: serverFeatures.map((feature) => ({
            target: `./apps/server/src/features/${feature}`,
            from: `./apps/server/src/features/!(${feature})/**`,
            except: ['**/apps/server/src/features/*/index.ts'],
            message: "Import the feature's index.ts (what it declares for others), or add what you need there.",
          })),
        },
      ],
    },
  },
  {
    // The same for the web app's features (issue 61): features/A imports features/B only through features/B/index.ts.
    // Shared pieces live in components/ or lib/. Tests beside a feature may drive anything.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: webFeatures.map((feature) => ({
            target: `./apps/web/src/features/${feature}`,
            from: `./apps/web/src/features/!(${feature})/**`,
            except: ['**/apps/web/src/features/*/index.ts'],
            message: "Import the feature's index.ts (what it declares for others), or add what you need there.",
          })),
        },
      ],
    },
  },
);
