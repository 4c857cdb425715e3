// Lint rules, including the side-effect boundaries (mqtt only in src/lib/live, localStorage only in
// src/lib/storage) and the one direction of imports between the layers of src/ (docs/architecture.md).
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const CRYPTO_JS = { name: 'crypto-js', message: 'Import crypto-js per module (crypto-js/aes), never whole.' }
const MQTT = { name: 'mqtt', message: 'Only src/lib/live talks MQTT.' }

/**
 * What each layer of src/ may import, lowest first: contract ← i18n, lib ← state, hooks ← ui, pages ← app.
 * main.tsx, prerender.tsx and dev/ sit on top with app/. styles/ is CSS, imported anywhere.
 */
const MAY_IMPORT = {
  contract: ['contract'],
  i18n: ['contract', 'i18n', 'lib'],
  lib: ['contract', 'i18n', 'lib'],
  state: ['contract', 'i18n', 'lib', 'state', 'hooks'],
  hooks: ['contract', 'i18n', 'lib', 'state', 'hooks'],
  ui: ['contract', 'i18n', 'lib', 'state', 'hooks', 'ui'],
  pages: ['contract', 'i18n', 'lib', 'state', 'hooks', 'ui', 'pages'],
}
const TOP = Object.keys(MAY_IMPORT).concat('app', 'dev')
const DEPTHS = [1, 2, 3, 4]
/** The files of `dir` that climb `depth` folders to reach src/ (`dir` being `below` folders under it; server/ climbs to the root). */
const at = (dir, depth, below = dir.split('/').length - 1) => [`${dir}/${'*/'.repeat(depth - below)}*.{ts,tsx}`]
/** An import that climbs exactly `depth` folders and then names one of `dirs`. */
const climbsInto = (depth, dirs) => `^(\\.\\./){${depth}}(${dirs})(/|$)`

/**
 * no-restricted-imports for static imports and no-restricted-syntax for import(): a relative import names a
 * layer by how far it climbs, so each config covers the files of one folder depth.
 */
function restrict(files, { patterns = [], paths = [CRYPTO_JS, MQTT], rawRequest = false }) {
  if (!rawRequest && files.every((f) => f.startsWith('src/'))) patterns = [...patterns, RAW_REQUEST]
  const dynamic = [...paths.map((p) => ({ regex: `^${p.name}(/|$)`, message: p.message })), ...patterns.filter((p) => !p.importNames)].map((p) => ({
    // esquery's regex literal cannot hold a slash, escaped or not.
    selector: `ImportExpression[source.value=/${p.regex.replaceAll('/', '\\x2F')}/]`,
    message: p.message,
  }))
  return { files, rules: { 'no-restricted-imports': ['error', { paths, patterns }], 'no-restricted-syntax': ['error', ...dynamic] } }
}
/** Outside the network layer, a request goes through the contract's call table (API, CALLS), never raw. */
const RAW_REQUEST = {
  regex: '(^|/)(lib|\\.\\.)/http(/index|/client)?$',
  importNames: ['request'],
  message: "Send calls with call(API.x | CALLS.x, …) from the contract's call table (docs/architecture.md).",
}
const layerMessage = (layer) => `src/${layer} may import only ${MAY_IMPORT[layer].join(', ')} (docs/architecture.md).`
const layerPattern = (layer, depth) => ({ regex: climbsInto(depth, TOP.filter((dir) => !MAY_IMPORT[layer].includes(dir)).join('|')), message: layerMessage(layer) })

const pageNames = readdirSync(new URL('./src/pages', import.meta.url), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)

const importRules = [
  restrict(['src/**/*.{ts,tsx}'], {}),
  ...Object.keys(MAY_IMPORT).flatMap((layer) => DEPTHS.map((depth) => restrict(at(`src/${layer}`, depth), { patterns: [layerPattern(layer, depth)] }))),
  // src/lib/http is the network layer: its own request is its to use.
  ...DEPTHS.slice(1).map((depth) => restrict(at('src/lib/http', depth), { patterns: [layerPattern('lib', depth)], rawRequest: true })),
  // src/lib/live owns the MQTT connection.
  ...DEPTHS.slice(1).map((depth) => restrict(at('src/lib/live', depth), { patterns: [layerPattern('lib', depth)], paths: [CRYPTO_JS] })),
  // A page never imports another page: what two pages share lives in ui/, hooks/, state/ or lib/.
  ...pageNames.flatMap((name) =>
    DEPTHS.slice(1).map((depth) =>
      restrict(at(`src/pages/${name}`, depth), {
        patterns: [
          layerPattern('pages', depth),
          { regex: `^(\\.\\./){${depth - 1}}(?!${name}/)[^./]`, message: `A page never imports another page; move what they share into ui/, hooks/, state/ or lib/ (docs/architecture.md).` },
        ],
      }),
    ),
  ),
  // The server takes only the contract from src/ (and the page table from manifest/).
  ...DEPTHS.map((depth) =>
    restrict(at('server', depth, 1), { paths: [], patterns: [{ regex: `^(\\.\\./){${depth}}src/(?!contract(/|$))`, message: 'The server imports only src/contract from src/ (docs/architecture.md).' }] }),
  ),
]

export default tseslint.config(
  { ignores: ['dist', 'server/dist', 'dev-dist', 'node_modules', 'coverage', 'test-results', 'playwright-report', '.lighthouseci', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-globals': ['error', { name: 'localStorage', message: 'Use src/lib/storage.' }],
    },
  },
  ...importRules,
  { files: ['src/lib/storage/**'], rules: { 'no-restricted-globals': 'off' } },
  // The schemas are the server's (docs/contract.md): the app takes only their types, so TypeBox stays out of its bundles.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/contract/schemas/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@sinclair/typebox', allowTypeImports: true, message: 'The app takes only types from TypeBox (import type).' }],
          patterns: [{ regex: '(^|/)contract/schemas(/|$)|^\\./schemas(/|$)', allowTypeImports: true, message: 'The app takes only types from src/contract/schemas (import type; docs/contract.md).' }],
        },
      ],
    },
  },
  {
    files: ['src/contract/**'],
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'navigator', 'process'],
    },
  },
)
