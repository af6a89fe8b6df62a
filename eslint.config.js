import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
// Server layers (issue 11 §1): platform ↛ modules, modules through public files, no circles.
import serverLayers from './apps/server/eslint-layers.js';
import { readdirSync } from 'node:fs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

// ── Console layers (issue 11 §1; codebase map "Shared rules"): core ← features ← app, one feature
// reaches another only through its index.ts, and no import circles. Paths are resolved, so a rule holds
// however the import is spelt; apps/console/src/test/boundaries.test.ts proves the rules fire.
const consoleSrc = `${import.meta.dirname}/apps/console/src`;
const consoleFeatures = readdirSync(`${consoleSrc}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureIndex = `${consoleSrc}/features/*/index.ts`;
// A progress indicator is a progressbar to assistive technology: it is named (aria-label, or
// aria-labelledby) or, beside text that already says what is going on (a busy button), hidden.
// axe calls an unnamed one serious (aria-progressbar-name), and only on the screens a test
// happens to catch while loading, so the rule holds it for every one in the source.
const namedProgress = {
  selector:
    'JSXOpeningElement[name.name=/^(Circular|Linear)Progress$/]:not(:has(JSXAttribute[name.name=/^aria-(label|labelledby|hidden)$/]))',
  message: 'Name a progress indicator (aria-label) or hide it beside text that says it (aria-hidden).',
};
const consoleBoundaries = [
  {
    files: ['apps/console/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `${consoleSrc}/core`,
              from: [`${consoleSrc}/features`, `${consoleSrc}/app`],
              message: 'core/ knows no feature and no app code: take a type or a callback instead.',
            },
            ...consoleFeatures.map((feature) => ({
              target: `${consoleSrc}/features/${feature}`,
              from: `${consoleSrc}/features/**`,
              except: [featureIndex, `${consoleSrc}/features/${feature}/**`],
              message: 'A feature reaches another only through its index.ts (export what is needed there).',
            })),
            {
              // Tests may render through app/ (its providers); the code they test may not.
              target: `${consoleSrc}/features/**/!(*.test).{ts,tsx}`,
              from: `${consoleSrc}/app`,
              message: 'A feature never imports app/: what several areas share belongs in core/.',
            },
            {
              target: `${consoleSrc}/app`,
              from: `${consoleSrc}/features/**`,
              except: [featureIndex, `${consoleSrc}/features/*/pages/*-page.tsx`],
              message:
                "app/ uses a feature through its index.ts, or import()s the feature's route page lazily.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/console/src/**/*.tsx'],
    rules: { 'no-restricted-syntax': ['error', namedProgress] },
  },
  {
    // A route page imported statically would leave its own chunk (design §7): app/ only import()s it.
    files: ['apps/console/src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        namedProgress,
        {
          selector:
            ':matches(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration)[source.value=/-page\\.tsx$/]',
          message: "app/ loads a feature's route page with import() only, so each area stays its own chunk.",
        },
      ],
    },
  },
  {
    // One hook per operation (issue 11 §2): screens call their area's api/ hooks (use<Op>Query /
    // use<Op>Mutation), so each key, fetcher and invalidation is written once, beside the calls; a
    // screen holding the query client would write its cache work again, away from the keys.
    files: ['apps/console/src/features/*/{pages,components}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: [
                'useQuery',
                'useQueries',
                'useInfiniteQuery',
                'useSuspenseQuery',
                'useSuspenseQueries',
                'useSuspenseInfiniteQuery',
                'useMutation',
              ],
              message: "A screen calls its area's api/ hook (use<Op>Query / use<Op>Mutation) instead.",
            },
            {
              name: '@mui/material/TablePagination',
              message:
                'Lists page with core/lists/list-pager.tsx (ListPager): one pagination style (issue 12 §3).',
            },
            {
              name: '@mui/material/Pagination',
              message:
                'Lists page with core/lists/list-pager.tsx (ListPager): one pagination style (issue 12 §3).',
            },
            {
              name: '@tanstack/react-query',
              importNames: ['useQueryClient'],
              message:
                "A screen leaves cache work (updates, invalidations, refreshes) to its area's api/ hooks.",
            },
          ],
        },
      ],
    },
  },
];

// One lint config for the whole repository. Rules are errors or off, never warnings.
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  ...consoleBoundaries,
  // Server layers: see apps/server/eslint-layers.js (apps/server/src/composition/server-layers.test.ts).
  ...serverLayers,
);
