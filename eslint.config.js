// Lint rules, including the side-effect boundaries of CONVENTIONS.md: mqtt only in src/lib/live,
// localStorage only in src/lib/storage.
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'mqtt', message: 'Only src/lib/live talks MQTT.' }, { name: 'crypto-js', message: 'Import crypto-js per module (crypto-js/aes), never whole.' }] },
      ],
      'no-restricted-globals': ['error', { name: 'localStorage', message: 'Use src/lib/storage.' }],
    },
  },
  { files: ['src/lib/live/**'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['src/lib/storage/**'], rules: { 'no-restricted-globals': 'off' } },
  {
    files: ['src/contract/**'],
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'navigator', 'process'],
    },
  },
)
