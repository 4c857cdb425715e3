/**
 * The Agreement page (src/pages/Agreement) lays out the documents of agreement.<language>.json: every
 * section with its heading, date line and items, the children's rules dated by their version.
 */
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { setLang } from '../../../../src/state/app'
import { pageByName, type PageRow } from '../../../../manifest/pages'
import { CHILDREN_RULES_VERSION } from '../../../../src/contract/guardian'
import Agreement from '../../../../src/pages/Agreement/Agreement'
import zh from '../../../../src/pages/Agreement/agreement.zh-Hans.json'
import en from '../../../../src/pages/Agreement/agreement.en.json'

afterEach(() => {
  cleanup()
  setLang('zh-Hans')
})

const page = pageByName('Agreement') as PageRow

describe('Agreement', () => {
  it('shows each section of the document with its items, in order, and one contents link each', () => {
    render(<Agreement page={page} query={{}} />)
    const articles = screen.getAllByRole('article')
    expect(articles.map((a) => a.id)).toEqual(['doc-agreement', 'doc-privacy', 'doc-children'])
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['#doc-agreement', '#doc-privacy', '#doc-children'])
    zh.sections.forEach((section, i) => {
      const article = within(articles[i] as HTMLElement)
      expect(article.getByRole('heading', { level: 2 }).textContent).toBe(section.title)
      expect(article.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(section.items.map((item) => item.heading))
    })
  })

  it('dates the agreement and the policy by the document, and the children’s rules by their version', () => {
    render(<Agreement page={page} query={{}} />)
    expect(screen.getAllByText(zh.updated)).toHaveLength(2)
    expect(screen.getByText(`版本 ${CHILDREN_RULES_VERSION}（写给家长和监护人）`)).toBeTruthy()
  })

  it('reads English from its own module, titled by the section it opened at', async () => {
    setLang('en')
    render(<Agreement page={page} query={{ section: 'children' }} />)
    expect((await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent)).toEqual(en.sections.map((s) => s.title))
    expect(screen.getByRole('navigation', { name: 'Contents' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("Children's rules")
  })
})
