import { act } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { reset, setInstalled, setInstallPrompt, setUpdateReady, usePwa, type InstallPromptEvent } from '../../../src/state/pwa'

function View() {
  const { installPrompt, installed, updateReady } = usePwa()
  return (
    <p>
      {installed ? 'installed' : 'not installed'}
      {installPrompt && <button type="button">install</button>}
      {updateReady && <strong>update</strong>}
    </p>
  )
}

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.replaceChildren()
  reset()
})

describe('usePwa while a prerendered page hydrates', () => {
  const prompt = () => setInstallPrompt(Object.assign(new Event('beforeinstallprompt'), { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' as const }) }) as InstallPromptEvent)
  it.each([
    ['an install prompt and a waiting update', () => (prompt(), setUpdateReady(() => undefined)), 'not installedinstallupdate'],
    ['an installed window', () => setInstalled(true), 'installed'],
  ])('renders the state the page was prerendered with, keeps its DOM, then renders %s the browser reported meanwhile', async (_, report, shown) => {
    const container = document.createElement('div')
    container.innerHTML = renderToString(<View />)
    document.body.append(container)
    const prerendered = container.firstChild
    // What the browser reports before the page is hydrated (a slow phone: the load event came first).
    report()
    const mismatches: unknown[] = []
    await act(async () => {
      root = hydrateRoot(container, <View />, { onRecoverableError: (error) => mismatches.push(error) })
    })
    expect(mismatches).toEqual([])
    expect(container.firstChild).toBe(prerendered)
    expect(container.textContent).toBe(shown)
  })
})
