// `npm run docs:openapi`: writes docs/openapi.json, the API description, from the route table, its schemas
// and their summaries (server/openapi.ts). tests/server/openapi.test.ts fails while the file differs, and
// `npm run lint:openapi` lints it (redocly.yaml).
import { writeFileSync } from 'node:fs'
import { openApiDocument } from '../server/openapi.ts'

const file = new URL('../docs/openapi.json', import.meta.url)
try {
  writeFileSync(file, `${JSON.stringify(openApiDocument(), null, 2)}\n`)
} catch (e) {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
}
console.log('docs/openapi.json: written from the route table')
