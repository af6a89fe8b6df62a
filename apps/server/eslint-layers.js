// The server's layers, held by lint (issue 11 §1; the rules and their reasons are listed in
// docs/codebase/README.md). Imported by the root eslint.config.js.
//
//   contract ← platform ← modules (and analytics/) ← composition root (app.ts, composition/)
//
// - platform/** imports no module, no analytics, no seed, no composition root, no test support: it
//   takes types and callbacks, so that it can be read, tested and reused without any area.
// - A module (or analytics/) reaches another module only through that module's public files,
//   its services, repositories and table types (`*.service.ts`, `*.repository.ts`, `*.tables.ts`),
//   and never imports the composition root, the seed or test support.
// - No import circles anywhere in the server.
// Test files and test helpers are not the runtime: the layer rules do not apply to them.
import fs from 'node:fs';
import path from 'node:path';
import importX from 'eslint-plugin-import-x';

const root = path.resolve(import.meta.dirname, '../..');
const src = 'apps/server/src';
const abs = (p) => path.join(root, src, p);

/** Files that are tests or test helpers (fixtures, fake servers), never imported by the runtime. */
export const SERVER_TEST_FILES = [
  `${src}/**/*.test.ts`,
  `${src}/**/*.test-support.ts`,
  `${src}/**/*-fixtures.ts`,
  `${src}/**/*-fixture.ts`,
  `${src}/**/test-*.ts`,
  `${src}/test-support/**`,
];

/**
 * The public files of a module, the only ones another module (or analytics/) may import: its
 * services, repositories and table types (`*.service.ts`, `*.repository.ts`, `*.tables.ts`).
 * Routes, serializers and helpers stay private to their module.
 */
export const MODULE_PUBLIC_KINDS = ['service', 'repository', 'tables'];
const publicFiles = [abs(`modules/*/*.{${MODULE_PUBLIC_KINDS.join(',')}}.ts`)];

const modules = fs
  .readdirSync(abs('modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const PLATFORM_MESSAGE =
  'The platform imports no area (modules, analytics, seed) nor the composition root: declare the type ' +
  'or callback it needs in the platform and wire it in composition/app-wiring.ts.';
const MODULE_MESSAGE =
  'A module reaches another only through its public files (*.service.ts, *.repository.ts, *.tables.ts): ' +
  'import what you need from there.';
const OUTER_MESSAGE = 'Modules and analytics never import the composition root, the seed or test support.';

const outerLayers = ['app.ts', 'main.ts', 'composition', 'seed', 'test-support'];

export default [
  {
    name: 'server-layers/platform',
    files: [`${src}/platform/**/*.ts`],
    ignores: SERVER_TEST_FILES,
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: path.join(root, src),
          zones: [
            {
              target: './platform',
              from: ['./modules', './analytics', ...outerLayers.map((p) => `./${p}`)],
              message: PLATFORM_MESSAGE,
            },
          ],
        },
      ],
    },
  },
  {
    name: 'server-layers/modules',
    files: [`${src}/modules/**/*.ts`, `${src}/analytics/**/*.ts`],
    ignores: SERVER_TEST_FILES,
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: path.join(root, src),
          zones: [
            {
              target: ['./modules', './analytics'],
              from: outerLayers.map((p) => `./${p}`),
              message: OUTER_MESSAGE,
            },
            // One zone per module: other modules' files except their public ones.
            ...modules.map((area) => ({
              target: abs(`modules/${area}/**`),
              from: [abs('modules/**')],
              except: [abs(`modules/${area}/**`), ...publicFiles],
              message: MODULE_MESSAGE,
            })),
            {
              target: abs('analytics/**'),
              from: [abs('modules/**')],
              except: publicFiles,
              message: MODULE_MESSAGE,
            },
          ],
        },
      ],
    },
  },
  {
    name: 'server-layers/no-cycle',
    files: [`${src}/**/*.ts`],
    plugins: { 'import-x': importX },
    // import-x reads the imported files itself: it must know they are TypeScript.
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/ignore': ['node_modules'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
];
