// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { pageByName } from '../../../manifest/pages'
import { documentTitle } from '../../../src/i18n/title'

describe('title rule (docs/product.md "Pages", docs/contract.md)', () => {
  const login = pageByName('Login')
  const home = pageByName('Home')
  const motherday = pageByName('Motherday')

  it('is the tagline before a page is ready', () => {
    expect(documentTitle(login, 'zh-Hans', false)).toBe('阅读世界，表达自我')
    expect(documentTitle(login, 'en', false)).toBe('Read the world, express yourself')
  })

  it('is "Habor - <page title>" once ready, in both languages', () => {
    expect(documentTitle(login, 'zh-Hans', true)).toBe('Habor - 登录')
    expect(documentTitle(login, 'en', true)).toBe('Habor - Log in')
    expect(documentTitle(motherday, 'zh-Hans', true)).toBe('Habor - 母亲节')
    expect(documentTitle(motherday, 'en', true)).toBe("Habor - Mother's Day")
  })

  it('leaves Home with the tagline', () => {
    expect(documentTitle(home, 'zh-Hans', true)).toBe('阅读世界，表达自我')
    expect(documentTitle(home, 'en', true)).toBe('Read the world, express yourself')
  })
})
