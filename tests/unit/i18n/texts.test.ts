// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { loadLang } from '../../../src/i18n/i18n'
import { defineTexts, textsLoaded } from '../../../src/i18n/texts'

describe('defineTexts', () => {
  it('reads zh-Hans at once and English once it has loaded', async () => {
    const table = defineTexts({ a: '甲' }, () => Promise.resolve({ default: { a: 'A' } }))
    expect(table('zh-Hans')).toEqual({ a: '甲' })
    // The unit setup has chosen English: a table defined after that starts loading it at once.
    await textsLoaded()
    expect(table('en')).toEqual({ a: 'A' })
  })

  it('loads a table in its own module on demand', async () => {
    const { sample } = await import('./fixtures/sample')
    await textsLoaded()
    expect(sample('en').nested.n).toBe('{n} of them')
    expect(sample('zh-Hans').hello).toBe('你好')
  })

  it('reads zh-Hans when English cannot load, and tries again at the next choice of English', async () => {
    let fail = true
    const table = defineTexts({ a: '甲' }, () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({ default: { a: 'A' } })))
    await textsLoaded()
    expect(table('en')).toEqual({ a: '甲' })
    fail = false
    await loadLang('en')
    expect(table('en')).toEqual({ a: 'A' })
  })

  it('holds English to the keys of zh-Hans, both ways and at every depth (a type error otherwise)', () => {
    const zh = { a: '甲', nested: { b: '乙' } }
    const en = (value: object) => () => Promise.resolve({ default: value })
    defineTexts(zh, () => Promise.resolve({ default: { a: 'A', nested: { b: 'B' } } }))
    // @ts-expect-error English lacks a key zh-Hans has
    defineTexts(zh, () => Promise.resolve({ default: { a: 'A' } }))
    // @ts-expect-error English has a key zh-Hans lacks
    defineTexts(zh, () => Promise.resolve({ default: { a: 'A', nested: { b: 'B' }, c: 'C' } }))
    // @ts-expect-error and deeper down
    defineTexts(zh, () => Promise.resolve({ default: { a: 'A', nested: { b: 'B', c: 'C' } } }))
    // @ts-expect-error an English without types is no escape
    defineTexts(zh, en({ a: 'A' }))
  })
})
