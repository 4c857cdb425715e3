import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { reset as resetApp, setLang } from '../../../../src/state/app'
import { ModalHost } from '../../../../src/ui/Modal/Modal'
import { modalState, reset, showModal } from '../../../../src/ui/Modal/modal'

describe('showModal and the modal host', () => {
  beforeEach(() => {
    resetApp()
    document.body.innerHTML = '<div id="root"></div>'
  })
  afterEach(async () => {
    await act(async () => reset())
    cleanup()
  })

  const mount = () => render(<ModalHost />, { container: document.getElementById('root') ?? undefined })

  it('is a labelled modal dialog with 取消 / 确定, focus on OK, the page inert; OK resolves confirm', async () => {
    mount()
    let answer: Promise<{ confirm: boolean; cancel: boolean }> | undefined
    await act(async () => {
      answer = showModal({ title: '提示', content: '确定退出登录吗？' })
    })
    const dialog = screen.getByRole('dialog', { name: '提示' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(screen.getByRole('button', { name: '确定' })).toBe(document.activeElement)
    expect(screen.getByRole('button', { name: '取消' })).toBeTruthy()
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(true)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定' })))
    await expect(answer).resolves.toEqual({ confirm: true, cancel: false })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(false)
  })

  it('Esc cancels; English buttons read OK / Cancel', async () => {
    setLang('en')
    mount()
    let answer: Promise<{ confirm: boolean }> | undefined
    await act(async () => {
      answer = showModal({ content: 'Leave?' })
    })
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy()
    await act(async () => fireEvent.keyDown(document, { key: 'Escape' }))
    await expect(answer).resolves.toMatchObject({ confirm: false })
  })

  it('Tab and Shift+Tab stay inside the dialog', async () => {
    mount()
    await act(async () => {
      void showModal({ content: 'x', confirmText: '好', cancelText: '不' })
    })
    const ok = screen.getByRole('button', { name: '好' })
    const cancel = screen.getByRole('button', { name: '不' })
    ok.focus()
    fireEvent.keyDown(document, { key: 'Tab' })
    expect(document.activeElement).toBe(cancel)
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(ok)
  })

  it('showCancel false leaves only OK; a second dialog waits for the first', async () => {
    mount()
    let first: Promise<{ confirm: boolean }> | undefined
    let second: Promise<{ confirm: boolean }> | undefined
    await act(async () => {
      first = showModal({ content: 'one', showCancel: false })
      second = showModal({ content: 'two' })
    })
    expect(screen.getAllByRole('button')).toHaveLength(1)
    expect(screen.getByRole('dialog').textContent).toContain('one')
    await act(async () => screen.getByRole('button', { name: '确定' }).click())
    await expect(first).resolves.toMatchObject({ confirm: true })
    expect(screen.getByRole('dialog').textContent).toContain('two')
    await act(async () => screen.getByRole('button', { name: '取消' }).click())
    await expect(second).resolves.toMatchObject({ confirm: false })
    expect(modalState.queue).toHaveLength(0)
  })
})
