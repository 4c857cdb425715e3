import { beforeEach, describe, expect, it } from 'vitest'
import { back, currentIndex, initHistory, push, pushTab, replace, replaceAll } from '../../../src/state/navigation'
import { appState, reset } from '../../../src/state/app'

const here = () => `${location.pathname}${location.search}`

async function settle() {
  await new Promise((r) => setTimeout(r, 0))
}

beforeEach(async () => {
  reset()
  history.replaceState(null, '', '/download')
  initHistory()
  await settle()
})

describe('navigation (docs/product.md "Pages")', () => {
  it('push adds an entry with the next index and records the type', () => {
    expect(push('/agreement')).toBe(true)
    expect(here()).toBe('/agreement')
    expect(currentIndex()).toBe(1)
    expect(appState.navType).toBe('push')
  })

  it('replace keeps the index', () => {
    push('/agreement')
    expect(replace('/forget?x=1')).toBe(true)
    expect(here()).toBe('/forget?x=1')
    expect(currentIndex()).toBe(1)
    expect(appState.navType).toBe('replace')
  })

  it('pushTab stacks a non-tab page (the tab bar list is empty)', () => {
    expect(pushTab('/sound')).toBe(true)
    expect(currentIndex()).toBe(1)
    expect(appState.navType).toBe('pushTab')
  })

  it('refuses to navigate to the current path (no-op)', () => {
    push('/agreement')
    expect(push('/agreement')).toBe(false)
    expect(replace('/agreement')).toBe(false)
    expect(currentIndex()).toBe(1)
    expect(appState.navType).toBe('push')
    expect(push('/agreement?id=2')).toBe(true)
  })

  it('back goes back within the app and is refused on the first entry', async () => {
    expect(back()).toBe(false)
    push('/agreement')
    const popped = new Promise((r) => addEventListener('popstate', r, { once: true }))
    expect(back()).toBe(true)
    expect(appState.navType).toBe('back')
    await popped
    expect(here()).toBe('/download')
    expect(currentIndex()).toBe(0)
  })

  it('replaceAll makes the target the only app entry', async () => {
    push('/agreement')
    push('/forget')
    expect(currentIndex()).toBe(2)
    expect(await replaceAll('/download?from=x')).toBe(true)
    expect(here()).toBe('/download?from=x')
    expect(currentIndex()).toBe(0)
    expect(appState.navType).toBe('replaceAll')
  })
})
