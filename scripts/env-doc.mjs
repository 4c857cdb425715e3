// `npm run docs:env`: writes docs/server.md's configuration table from the environment's schema
// (server/env.ts). tests/server/config.test.ts fails while the two differ.
import { readFileSync, writeFileSync } from 'node:fs'
import { envTable } from '../server/env.ts'

const file = new URL('../docs/server.md', import.meta.url)
const doc = readFileSync(file, 'utf8')
const marked = /(<!-- env-table:start -->\n)[\s\S]*?(<!-- env-table:end -->)/
if (!marked.test(doc)) throw new Error('docs/server.md has no env-table markers')
writeFileSync(file, doc.replace(marked, (_m, start, end) => `${start}${envTable()}\n${end}`))
console.log('docs/server.md: configuration table written from server/env.ts')
