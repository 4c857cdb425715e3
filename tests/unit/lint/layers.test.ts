// @vitest-environment node
/**
 * The layers of src/ import one way (docs/architecture.md), and lint is what holds that: each forbidden
 * pair gets a fixture that must fail `npm run lint`, and the allowed neighbours one that must pass. The
 * rule judges the file an import resolves to, so each fixture names a module that exists.
 */
import { ESLint } from 'eslint'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..', '..')

/** The rule's own table (eslint.config.js), not a copy: what each layer may import from src/. Everything else of src/ is forbidden. */
const { MAY_IMPORT } = (await import(pathToFileURL(join(ROOT, 'eslint.config.js')).href)) as { MAY_IMPORT: Record<string, string[]> }
const LAYERS = [...Object.keys(MAY_IMPORT), 'app', 'start', 'dev']
/** A real module of each layer, as written from src/. */
const MODULE: Record<string, string> = {
  contract: 'contract/codes',
  i18n: 'i18n/format',
  lib: 'lib/http',
  'start/lib': 'start/lib/prestart',
  state: 'state/auth',
  hooks: 'hooks/useOnline',
  ui: 'ui/AuthForm/AuthForm',
  pages: 'pages/Login/Login',
  app: 'app/boot',
  start: 'start/dailyOpen',
  dev: 'dev/kit',
}

let eslint: ESLint
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT })
})

const RULES = ['no-restricted-imports', 'no-restricted-syntax', '@typescript-eslint/no-restricted-imports', 'layers/paths', 'layers/raw-request', 'import-x/no-absolute-path']

/** The import rules that fire on `code` placed at `file` (relative to the repository). */
async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) })
  return result!.messages.filter((m) => RULES.includes(m.ruleId ?? '')).map((m) => m.message)
}

/** A file of `layer` at one and at two folders below it, importing `target` by climbing to src/. */
const placements = (layer: string, target: string) =>
  layer === 'pages'
    ? [{ file: 'src/pages/Login/fixture.tsx', spec: `../../${MODULE[target]}` }, { file: 'src/pages/Login/parts/fixture.tsx', spec: `../../../${MODULE[target]}` }]
    : [{ file: `src/${layer}/fixture.ts`, spec: `${up(layer)}${MODULE[target]}` }, { file: `src/${layer}/sub/fixture.ts`, spec: `../${up(layer)}${MODULE[target]}` }]
/** The climb from a layer's folder to src/ (start/lib/ is two folders down). */
const up = (layer: string) => '../'.repeat(layer.split('/').length)

const forbidden = Object.entries(MAY_IMPORT).flatMap(([layer, allowed]) => LAYERS.filter((t) => !allowed.includes(t)).map((target) => [layer, target] as const))
const allowed = Object.entries(MAY_IMPORT).flatMap(([layer, ok]) => ok.map((target) => [layer, target] as const))

describe('layers of src/', () => {
  it.each(forbidden)('%s importing %s fails lint', async (layer, target) => {
    for (const { file, spec } of placements(layer, target)) {
      const errors = await importErrors(file, `import { x } from '${spec}'\nexport const y = x\n`)
      expect(errors, `${file}: ${spec}`).toEqual([expect.stringContaining('docs/architecture.md')])
    }
  })

  it.each(allowed)('%s importing %s passes', async (layer, target) => {
    for (const { file, spec } of placements(layer, target)) {
      expect(await importErrors(file, `import { x } from '${spec}'\nexport const y = x\n`), `${file}: ${spec}`).toEqual([])
    }
  })

  it('a dynamic import is held to the same rule', async () => {
    expect(await importErrors('src/lib/auth/fixture.ts', `export const load = () => import('../../app/boot')\n`)).toHaveLength(1)
  })

  it('a layer reaching its own neighbour by a short climb is not mistaken for a higher layer', async () => {
    // src/state/session/ → src/state/app.ts, not src/app/.
    expect(await importErrors('src/state/session/fixture.ts', `import { x } from '../app'\nexport const y = x\n`)).toEqual([])
    expect(await importErrors('src/state/session/fixture.ts', `import { x } from '../../app/boot'\nexport const y = x\n`)).toHaveLength(1)
  })

  it('app/, main.tsx and dev/ may import every layer', async () => {
    for (const target of LAYERS) {
      expect(await importErrors('src/app/fixture.ts', `import { x } from '../${MODULE[target]}'\nexport const y = x\n`)).toEqual([])
      expect(await importErrors('src/fixture.tsx', `import { x } from './${MODULE[target]}'\nexport const y = x\n`)).toEqual([])
    }
  })
})

describe('the slips a path-counting rule let through, each caught on the resolved path', () => {
  const refused = async (file: string, code: string, why = 'docs/architecture.md') => expect(await importErrors(file, code), `${file}: ${code}`).toEqual([expect.stringContaining(why)])

  it('1. a page reaching another page through ../../pages/…', async () => {
    await refused('src/pages/Login/fixture.tsx', `import Home from '../../pages/Home/Home'\nexport const y = Home\n`)
    await refused('src/pages/Home/sections/fixture.tsx', `import { x } from '../../../pages/Login/texts'\nexport const y = x\n`)
  })

  it('2. import() whose module is a template literal or a variable', async () => {
    await refused('src/lib/auth/fixture.ts', 'export const load = (name: string) => import(`../../pages/${name}/${name}`)\n')
    await refused('src/pages/Home/fixture.tsx', "const where = '../Login/Login'\nexport const load = () => import(where)\n")
  })

  it('3. a path that climbs past src/ and comes back in', async () => {
    await refused('src/lib/fixture.ts', `import { x } from '../../src/state/auth'\nexport const y = x\n`)
  })

  it('4. a path with .. in the middle, or starting at ./', async () => {
    await refused('src/lib/fixture.ts', `import { x } from '../lib/../state/auth'\nexport const y = x\n`)
    await refused('src/lib/http/fixture.ts', `import { x } from './../../state/auth'\nexport const y = x\n`)
  })

  it('5. a file deeper than any depth the rule was written for', async () => {
    await refused('src/lib/a/b/c/d/e/fixture.ts', `import { x } from '../../../../../../state/auth'\nexport const y = x\n`)
  })

  it('6. the server reaching past the contract through src/contract/../', async () => {
    await refused('server/routes/fixture.ts', `import { x } from '../../src/contract/../state/auth'\nexport const y = x\n`)
  })

  it('7. a root-absolute path, which Vite resolves from the project root', async () => {
    expect(await importErrors('src/lib/fixture.ts', `import { x } from '/src/state/auth'\nexport const y = x\n`)).toHaveLength(1)
  })

  it('8. an import() type, which import-x does not visit', async () => {
    await refused('src/lib/fixture.ts', `export type Y = import('../state/auth').AuthState\n`)
    await refused('src/pages/Login/fixture.tsx', `export type Y = typeof import('../Home/Home')\n`)
    expect(await importErrors('src/lib/fixture.ts', `export type Y = typeof import('./storage/codec')\n`)).toEqual([])
  })

  it('9. a file lying in src/pages/ itself, which is no page folder', async () => {
    await refused('src/pages/fixture.tsx', `import { x } from './Invite/Invite'\nexport const y = x\n`)
    expect(await importErrors('src/pages/fixture.tsx', `import { InviteSkeleton } from '../ui/InviteSkeleton/InviteSkeleton'\nexport const y = InviteSkeleton\n`)).toEqual([])
  })

  it('10. manifest/, below every layer', async () => {
    await refused('manifest/fixture.ts', `import { CODE } from '../src/contract/codes'\nexport const y = CODE\n`)
    await refused('manifest/fixture.ts', `import { build } from '../server/app'\nexport const y = build\n`)
    expect(await importErrors('manifest/fixture.ts', `import { APP_CONFIG } from './app.ts'\nexport const y = APP_CONFIG\n`)).toEqual([])
  })

  it('re-exports are held to the rule too', async () => {
    await refused('src/lib/fixture.ts', `export { authState } from '../state/auth'\n`)
  })

  it('sw/ is linted with the rest: only the contract and the push store from src/', async () => {
    await refused('sw/fixture.ts', `import { x } from '../src/state/auth'\nexport const y = x\n`)
    await refused('sw/fixture.ts', "export const load = (p: string) => import(p)\n")
    expect(await importErrors('sw/fixture.ts', `import { PUSH_TO_APP } from '../src/lib/push/store'\nimport { CODE } from '../src/contract'\nexport const y = [PUSH_TO_APP, CODE]\n`)).toEqual([])
  })

  it('the app never imports the server', async () => {
    await refused('src/contract/fixture.ts', `import { build } from '../../server/app'\nexport const y = build\n`)
  })
})

describe('pages', () => {
  it('a page never imports another page, from any depth', async () => {
    expect(await importErrors('src/pages/Login/fixture.tsx', `import Home from '../Home/Home'\nexport const y = Home\n`)).toHaveLength(1)
    expect(await importErrors('src/pages/Home/sections/fixture.tsx', `import { x } from '../../Login/texts'\nexport const y = x\n`)).toHaveLength(1)
  })

  it('a page imports its own folder and the manifest freely', async () => {
    expect(await importErrors('src/pages/Login/fixture.tsx', `import { x } from './texts'\nimport { PAGES } from '../../../manifest/pages'\nexport const y = [x, PAGES]\n`)).toEqual([])
    expect(await importErrors('src/pages/Home/sections/fixture.tsx', `import { x } from '../Home'\nexport const y = x\n`)).toEqual([])
  })
})

describe('the server and the side-effect homes', () => {
  it('the server takes only the contract from src/', async () => {
    expect(await importErrors('server/routes/fixture.ts', `import { x } from '../../src/lib/http'\nexport const y = x\n`)).toHaveLength(1)
    expect(await importErrors('server/fixture.ts', `import { x } from '../src/state/app'\nexport const y = x\n`)).toHaveLength(1)
    expect(await importErrors('server/routes/fixture.ts', `import { CODE } from '../../src/contract'\nimport { APP_CONFIG } from '../../manifest/app'\nexport const y = [CODE, APP_CONFIG]\n`)).toEqual([])
  })

  it('a raw request is sent only by the network layer; everything else goes through the call table', async () => {
    expect(await importErrors('src/pages/Home/fixture.tsx', `import { request } from '../../lib/http'\nexport const y = request\n`)).toEqual([expect.stringContaining('route table')])
    expect(await importErrors('src/lib/outbox/fixture.ts', `import { call, request } from '../http'\nexport const y = [call, request]\n`)).toEqual([expect.stringContaining('route table')])
    expect(await importErrors('src/pages/Home/fixture.tsx', `import { call } from '../../lib/http'\nexport const y = call\n`)).toEqual([])
    expect(await importErrors('src/lib/http/fixture.ts', `import { request } from './client'\nexport const y = request\n`)).toEqual([])
    // Judged by the module reached, however the path is written.
    for (const spec of ['../../lib/http/client.ts', '../../lib/http/index.ts', '../../lib/http/./client', '../../lib/auth/../http']) {
      expect(await importErrors('src/pages/Home/fixture.tsx', `import { request } from '${spec}'\nexport const y = request\n`), spec).toEqual([expect.stringContaining('route table')])
    }
    expect(await importErrors('src/ui/fixture.ts', `export { request } from '../lib/http/client'\n`)).toEqual([expect.stringContaining('route table')])
  })

  it('the app takes only types from the contract\'s schemas and TypeBox; the schemas and the server take them whole', async () => {
    const values = `import { Type } from '@sinclair/typebox'\nimport { LoginBody } from '../../contract/schemas/api'\nexport const y = [Type, LoginBody]\n`
    expect(await importErrors('src/lib/auth/fixture.ts', values)).toEqual([expect.stringContaining('TypeBox'), expect.stringContaining('docs/contract.md')])
    for (const entry of ['@sinclair/typebox/value', '@sinclair/typebox/compiler']) {
      expect(await importErrors('src/lib/auth/fixture.ts', `import { x } from '${entry}'\nexport const y = x\n`), entry).toEqual([expect.stringContaining('TypeBox')])
    }
    expect(await importErrors('src/lib/auth/fixture.ts', `import type { ValueError } from '@sinclair/typebox/value'\nexport type Y = ValueError\n`)).toEqual([])
    expect(await importErrors('src/contract/fixture.ts', `import { LoginBody } from './schemas/api'\nexport const y = LoginBody\n`)).toEqual([expect.stringContaining('docs/contract.md')])
    const types = `import type { Static } from '@sinclair/typebox'\nimport type * as S from '../../contract/schemas/api'\nexport type Y = Static<typeof S.LoginBody>\n`
    expect(await importErrors('src/lib/auth/fixture.ts', types)).toEqual([])
    expect(await importErrors('src/contract/schemas/fixture.ts', `import { Type } from '@sinclair/typebox'\nimport { Id } from './common'\nexport const y = Type.Array(Id)\n`)).toEqual([])
    expect(await importErrors('server/routes/fixture.ts', `import { ANSWER } from '../../src/contract/schemas/desk'\nexport const y = ANSWER\n`)).toEqual([])
  })

  it('mqtt is imported only in src/lib/live, statically or lazily', async () => {
    expect(await importErrors('src/ui/fixture.ts', `import mqtt from 'mqtt'\nexport const y = mqtt\n`)).toEqual([expect.stringContaining('Only src/lib/live talks MQTT.')])
    expect(await importErrors('src/app/fixture.ts', `export const load = () => import('mqtt')\n`)).toEqual([expect.stringContaining('Only src/lib/live talks MQTT.')])
    expect(await importErrors('src/lib/live/fixture.ts', `import mqtt from 'mqtt'\nexport const y = mqtt\n`)).toEqual([])
  })
})
