// Lint rules, including the side-effect boundaries (mqtt only in src/lib/live, localStorage only in
// src/lib/storage) and the one direction of imports between the layers of src/ (docs/architecture.md).
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import { resolve } from 'eslint-plugin-import-x/utils'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const CRYPTO_JS = { name: 'crypto-js', message: 'Import crypto-js per module (crypto-js/aes), never whole.' }
const MQTT = { name: 'mqtt', message: 'Only src/lib/live talks MQTT.' }

/**
 * What each layer of src/ may import, lowest first: contract ← i18n, lib ← state, hooks ← ui, pages ← app.
 * start/ (the start-up and the daily open, docs/performance.md "From the first byte to the first tap and
 * the daily open's frame") spans two: start/lib/ beside lib/, what the stores, the client and the pages
 * call; the rest of start/ on top with app/. main.tsx and dev/ sit on top too. styles/ is CSS, imported
 * anywhere.
 */
const LIB = ['contract', 'i18n', 'lib', 'start/lib']
export const MAY_IMPORT = {
  contract: ['contract'],
  i18n: LIB,
  lib: LIB,
  'start/lib': LIB,
  state: [...LIB, 'state', 'hooks'],
  hooks: [...LIB, 'state', 'hooks'],
  ui: [...LIB, 'state', 'hooks', 'ui'],
  pages: [...LIB, 'state', 'hooks', 'ui', 'pages'],
}
const TOP = Object.keys(MAY_IMPORT).concat('app', 'start', 'dev', 'main.tsx')
/** A layer's folder, as a zone names it; start/ without its own lower layer start/lib/. */
const zoneOf = (layer) => (layer === 'start' ? { from: './src/start', except: ['./lib'] } : { from: `./src/${layer}` })

/**
 * Dynamic imports of a module name (mqtt, crypto-js whole) and of a raw request, which the static rule
 * does not see; and any import() whose module is not a plain string (a template literal, a variable),
 * which no resolver can follow to hold it to the layers: a lazy module is named in full (app/routes.ts).
 */
function restrict(files, { paths = [CRYPTO_JS, MQTT] } = {}) {
  const dynamic = paths.map((p) => ({ regex: `^${p.name}(/|$)`, message: p.message })).map((p) => ({
    // esquery's regex literal cannot hold a slash, escaped or not.
    selector: `ImportExpression[source.value=/${p.regex.replaceAll('/', '\\x2F')}/]`,
    message: p.message,
  }))
  const unnamed = { selector: "ImportExpression[source.type!='Literal']", message: 'import() names its module as a plain string, so lint can resolve it to its layer (docs/architecture.md).' }
  return { files, rules: { 'no-restricted-imports': ['error', { paths }], 'no-restricted-syntax': ['error', ...dynamic, unnamed] } }
}
const layerMessage = (layer) => `src/${layer} may import only ${MAY_IMPORT[layer].join(', ')} (docs/architecture.md).`

const pageNames = readdirSync(new URL('./src/pages', import.meta.url), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)
const PAGE_MESSAGE = 'A page never imports another page; move what they share into ui/, hooks/, state/ or lib/ (docs/architecture.md).'

const restrictedPaths = importX.rules['no-restricted-paths']
/**
 * Rules of our own, on resolved paths like import-x's. `paths` is import-x's no-restricted-paths, which
 * visits imports, re-exports and import() but not an `import('…')` type: it is handed those as well.
 * `raw-request`: outside the network layer a request goes through the contract's route table (API,
 * CALLS), never raw — judged by the module the import reaches (lib/http's index or client), however its
 * path is written (with an extension, through `..`).
 */
const local = {
  rules: {
    paths: {
      meta: restrictedPaths.meta,
      create(context) {
        const visitors = restrictedPaths.create(context)
        return {
          ...visitors,
          TSImportType(node) {
            const source = node.source ?? node.argument?.literal
            if (source?.type === 'Literal' && typeof source.value === 'string') visitors.ImportExpression({ type: 'ImportExpression', source, parent: node.parent })
          },
        }
      },
    },
    'raw-request': {
      meta: { type: 'problem', schema: [], messages: { raw: "Send calls with call(API.x | CALLS.x, …) from the contract's route table (docs/architecture.md)." } },
      create(context) {
        const raw = /[\\/]src[\\/]lib[\\/]http[\\/](index|client)\.ts$/
        const check = (node) => {
          const names = (node.specifiers ?? []).map((s) => (s.type === 'ImportSpecifier' ? s.imported.name : s.type === 'ExportSpecifier' ? s.local.name : null))
          if (!node.source || !names.includes('request')) return
          const reached = resolve(node.source.value, context)
          if (reached && raw.test(reached)) context.report({ node: node.source, messageId: 'raw' })
        }
        return { ImportDeclaration: check, ExportNamedDeclaration: check }
      },
    },
  },
}

/**
 * The one direction of imports, on resolved paths (import-x's no-restricted-paths with the TypeScript
 * resolver): an import is judged by the file it reaches, however its path is written — climbing past
 * src/ and back, through `..` in the middle, from any depth, statically, re-exported or by import().
 */
const ZONES = [
  ...Object.entries(MAY_IMPORT).flatMap(([layer, ok]) => TOP.filter((d) => !ok.includes(d)).map((d) => ({ target: `./src/${layer}`, ...zoneOf(d), message: layerMessage(layer) }))),
  // A page never imports another page: what two pages share lives in ui/, hooks/, state/ or lib/.
  ...pageNames.map((name) => ({ target: `./src/pages/${name}`, from: './src/pages', except: [`./${name}`], message: PAGE_MESSAGE })),
  // A file lying in src/pages/ itself is no page's: it imports none of them either.
  { target: './src/pages/*.{ts,tsx}', from: pageNames.map((name) => `./src/pages/${name}`), message: PAGE_MESSAGE },
  // manifest/ is below every layer: it imports nothing of the app, the server or the worker.
  { target: './manifest', from: ['./src', './server', './sw'], message: 'manifest/ is below every layer and imports none of them (docs/architecture.md).' },
  // The server takes only the contract from src/ (and the page table from manifest/); the app nothing of the server.
  { target: './server', from: './src', except: ['./contract'], message: 'The server imports only src/contract from src/ (docs/architecture.md).' },
  { target: './src', from: './server', message: 'The app never imports the server (docs/architecture.md).' },
  // The service worker shares the contract, the push store (the sign-in it shows notifications for) and
  // the daily open's marker and rows with the app.
  { target: './sw', from: './src', except: ['./contract', './lib/push', './start/lib/signedInMarker.ts', './start/lib/homeRows.ts'], message: "The service worker imports only src/contract, src/lib/push and the daily open's marker and rows (src/start/lib) from src/ (docs/architecture.md)." },
]

const importRules = [
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts', 'manifest/**/*.ts'],
    plugins: { 'import-x': importX, layers: local },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.app.json', 'tsconfig.node.json', 'tsconfig.sw.json'], noWarnOnMultipleProjects: true })] },
    rules: {
      'layers/paths': ['error', { zones: ZONES }],
      // A root-absolute path ('/src/state/auth') is Vite's, not the resolver's: name modules relatively.
      'import-x/no-absolute-path': 'error',
    },
  },
  restrict(['src/**/*.{ts,tsx}']),
  // src/lib/http is the network layer: its own request is its to use.
  { files: ['src/**/*.{ts,tsx}'], ignores: ['src/lib/http/**'], rules: { 'layers/raw-request': 'error' } },
  // src/lib/live owns the MQTT connection.
  restrict(['src/lib/live/**/*.ts'], { paths: [CRYPTO_JS] }),
  restrict(['server/**/*.ts', 'sw/**/*.ts'], { paths: [] }),
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
          patterns: [
            // Any entry of the package (`@sinclair/typebox/value`, `/compiler`…), not only its main one.
            { regex: '^@sinclair/typebox(/|$)', allowTypeImports: true, message: 'The app takes only types from TypeBox (import type).' },
            { regex: '(^|/)contract/schemas(/|$)|^\\./schemas(/|$)', allowTypeImports: true, message: 'The app takes only types from src/contract/schemas (import type; docs/contract.md).' },
          ],
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
