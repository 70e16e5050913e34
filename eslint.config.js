// One lint setup for the whole monorepo. Besides style and correctness it enforces the
// dependency direction of the design (§1): domain imports nothing of ours, platform code
// never imports a feature, and a feature never reaches into another feature's repository
// or tables (it calls that feature's service instead).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ['error', { patterns }];

// Flat config replaces (does not merge) a rule set by an earlier block, so the server's
// blocks each repeat this pattern.
const noInProcessGateway = {
  group: ['@lectern/gateway', '@lectern/gateway/*'],
  message: 'Talk to the payment provider over HTTP through the payments module.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'bench/.lighthouse/**',
      '**/.data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Command-line scripts and harnesses report to the terminal.
    files: ['scripts/**', 'bench/**', 'e2e/**', 'packages/server/src/main.ts', 'packages/server/src/cli/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['packages/domain/**'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': restrict([
        { group: ['@lectern/*'], message: 'domain imports nothing of ours (design §1).' },
        { group: ['node:*', 'fs', 'path', 'os', 'crypto', 'http'], message: 'domain has no Node APIs.' },
        { group: ['react', 'react-*'], message: 'domain has no React.' },
      ]),
    },
  },
  {
    files: ['packages/gateway/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@lectern/server', '@lectern/server/*', '@lectern/web'],
          message: 'The sandbox gateway knows nothing of the server or the web app.',
        },
      ]),
    },
  },
  {
    // Only the composition root may start the in-process sandbox; features talk to it over HTTP.
    files: ['packages/server/src/**'],
    ignores: [
      'packages/server/src/main.ts',
      'packages/server/src/app.ts',
      'packages/server/src/payments-sandbox.ts',
      'packages/server/src/**/*.test.ts',
      'packages/server/src/test-support/**',
    ],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@lectern/gateway', '@lectern/gateway/*'],
          message: 'Talk to the payment provider over HTTP through the payments module.',
        },
      ]),
    },
  },
  {
    files: ['packages/server/src/platform/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/modules/**', '../modules/*'], message: 'platform never imports a feature module.' },
        noInProcessGateway,
      ]),
    },
  },
  {
    files: ['packages/server/src/modules/**'],
    ignores: ['packages/server/src/modules/**/*.tables.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['../*/*.repository', '../*/*.repository.js', '../*/*.tables', '../*/*.tables.js'],
          message: "Call the other feature's service; its repository and tables are private.",
        },
        noInProcessGateway,
      ]),
    },
  },
  {
    files: ['packages/server/src/modules/**/*.tables.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['../*/*.repository', '../*/*.repository.js'],
          message: "Tables may reference other tables for foreign keys, never another feature's repository.",
        },
        noInProcessGateway,
      ]),
    },
  },
  {
    files: ['packages/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['packages/web/src/platform/**', 'packages/web/src/ui/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/features/**'], message: 'platform and ui never import a feature.' },
      ]),
    },
  },
  {
    files: ['packages/web/src/**'],
    ignores: ['packages/web/src/platform/**', 'packages/web/src/ui/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@lectern/server', '@lectern/server/*'],
          message: 'The web app talks to the server over HTTP only.',
        },
      ]),
    },
  },
  prettier,
);
