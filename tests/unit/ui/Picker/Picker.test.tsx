import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Picker, type PickerProps } from '../../../../src/ui/Picker/Picker'
import { reset as resetApp, setLang } from '../../../../src/state/app'

const FRUITS = ['苹果', '香蕉', '橙子', '葡萄']

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width })
}

beforeEach(() => {
  resetApp()
  setWidth(375)
})
afterEach(cleanup)

function selector(over: Partial<Extract<PickerProps, { mode: 'selector' }>> = {}) {
  const onChange = vi.fn()
  const onCancel = vi.fn()
  render(<Picker mode="selector" label="水果" range={FRUITS} value={1} onChange={onChange} onCancel={onCancel} {...over} />)
  return { onChange, onCancel, trigger: screen.getByRole('button', { name: /水果/ }) }
}

describe('Picker: opening and closing', () => {
  it('opens on click as a modal dialog with one listbox per column', () => {
    const { trigger } = selector()
    expect(trigger.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(trigger)
    const dialog = screen.getByRole('dialog', { name: '水果' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    const list = within(dialog).getByRole('listbox', { name: '水果' })
    expect(within(list).getAllByRole('option')).toHaveLength(4)
    expect(within(list).getByRole('option', { selected: true }).textContent).toBe('香蕉')
    expect(document.activeElement).toBe(list)
    expect(trigger.getAttribute('aria-expanded')).toBe('true')
  })

  it('does not open when disabled', () => {
    const { trigger } = selector({ disabled: true })
    fireEvent.click(trigger)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('confirm commits the choice and closes', () => {
    const { trigger, onChange } = selector()
    fireEvent.click(trigger)
    fireEvent.click(screen.getByRole('option', { name: '葡萄' }))
    fireEvent.click(screen.getByRole('button', { name: '确定' }))
    expect(onChange).toHaveBeenCalledWith(3)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(trigger)
  })

  it.each([
    ['cancel', () => fireEvent.click(screen.getByRole('button', { name: '取消' }))],
    ['mask click', () => fireEvent.click(document.querySelector('[data-picker-mask]') as Element)],
    ['Esc', () => fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' })],
  ])('%s closes without a change', (_, close) => {
    const { trigger, onChange, onCancel } = selector()
    fireEvent.click(trigger)
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'ArrowDown' })
    close()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onChange).not.toHaveBeenCalled()
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(document.activeElement).toBe(trigger)
  })

  it('Enter confirms; Enter on the Cancel button cancels', () => {
    const { trigger, onChange } = selector()
    fireEvent.click(trigger)
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'ArrowDown' })
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Enter' })
    expect(onChange).toHaveBeenCalledWith(2)
    expect(screen.queryByRole('dialog')).toBeNull()

    onChange.mockClear()
    fireEvent.click(trigger)
    fireEvent.keyDown(screen.getByRole('button', { name: '取消' }), { key: 'Enter' })
    expect(onChange).not.toHaveBeenCalled()
  })

  it('arrow keys, Home and End move the selected option', () => {
    const { trigger } = selector()
    fireEvent.click(trigger)
    const list = screen.getByRole('listbox')
    const selected = () => within(list).getByRole('option', { selected: true }).textContent
    fireEvent.keyDown(list, { key: 'ArrowUp' })
    expect(selected()).toBe('苹果')
    fireEvent.keyDown(list, { key: 'ArrowUp' })
    expect(selected()).toBe('苹果')
    fireEvent.keyDown(list, { key: 'End' })
    expect(selected()).toBe('葡萄')
    expect(list.getAttribute('aria-activedescendant')).toBe(within(list).getByRole('option', { selected: true }).id)
    fireEvent.keyDown(list, { key: 'Home' })
    expect(selected()).toBe('苹果')
  })

  it('Tab stays inside the dialog', () => {
    const { trigger } = selector()
    fireEvent.click(trigger)
    const list = screen.getByRole('listbox')
    const cancel = screen.getByRole('button', { name: '取消' })
    fireEvent.keyDown(list, { key: 'Tab' })
    expect(document.activeElement).toBe(cancel)
    fireEvent.keyDown(cancel, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(list)
  })
})

describe('Picker: layout', () => {
  it.each([
    [375, 'sheet'],
    [500, 'sheet'],
    [501, 'popover'],
    [1280, 'popover'],
  ])('at %i px wide it is a %s', (width, layout) => {
    setWidth(width)
    const { trigger } = selector()
    fireEvent.click(trigger)
    expect(document.querySelector(`.picker-layer--${layout}`)).not.toBeNull()
  })
})

describe('Picker: shown value and modes', () => {
  it('an index outside the range shows the placeholder and opens at the first option', () => {
    const { trigger } = selector({ value: 7 })
    expect(trigger.textContent).toContain('请选择')
    fireEvent.click(trigger)
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('苹果')
  })

  it('multiSelector resets an out-of-range column to 0 and reports column changes', () => {
    const onChange = vi.fn()
    const onColumnChange = vi.fn()
    render(
      <Picker
        mode="multiSelector"
        label="班级"
        range={[
          ['一年级', '二年级'],
          ['1 班', '2 班', '3 班'],
        ]}
        value={[1, 5]}
        columnLabels={['年级', '班']}
        onChange={onChange}
        onColumnChange={onColumnChange}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: /班级/ }))
    const classes = screen.getByRole('listbox', { name: '班' })
    expect(within(classes).getByRole('option', { selected: true }).textContent).toBe('1 班')
    fireEvent.keyDown(classes, { key: 'ArrowDown' })
    expect(onColumnChange).toHaveBeenCalledWith(1, 1)
    fireEvent.keyDown(classes, { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(screen.getByRole('listbox', { name: '年级' }))
    fireEvent.click(screen.getByRole('button', { name: '确定' }))
    expect(onChange).toHaveBeenCalledWith([1, 1])
  })

  it('date: choosing February after the 31st pulls the day back to the last day', () => {
    function Host() {
      const [value, setValue] = useState('2023-01-31')
      return <Picker mode="date" label="生日" value={value} onChange={setValue} />
    }
    render(<Host />)
    fireEvent.click(screen.getByRole('button', { name: /生日/ }))
    fireEvent.keyDown(screen.getByRole('listbox', { name: '月' }), { key: 'ArrowDown' })
    expect(within(screen.getByRole('listbox', { name: '日' })).getByRole('option', { selected: true }).textContent).toBe('28日')
    expect(within(screen.getByRole('listbox', { name: '日' })).getAllByRole('option')).toHaveLength(28)
    fireEvent.keyDown(screen.getByRole('listbox', { name: '日' }), { key: 'Enter' })
    expect(screen.getByRole('button', { name: /生日/ }).textContent).toContain('2023-02-28')
  })

  it('date: a value outside the bounds shows clamped', () => {
    render(<Picker mode="date" label="日期" value="2030-05-05" start="2026-01-01" end="2026-12-31" onChange={() => {}} />)
    expect(screen.getByRole('button', { name: /日期/ }).textContent).toContain('2026-12-31')
  })

  it('time: English labels, 00:00–23:59 columns and an HH:mm result', () => {
    act(() => setLang('en'))
    const onChange = vi.fn()
    render(<Picker mode="time" label="Reminder" value="23:58" onChange={onChange} />)
    fireEvent.click(screen.getByRole('button', { name: /Reminder/ }))
    const hours = screen.getByRole('listbox', { name: 'Hour' })
    expect(within(hours).getAllByRole('option')).toHaveLength(24)
    const minutes = screen.getByRole('listbox', { name: 'Minute' })
    fireEvent.keyDown(minutes, { key: 'PageDown' })
    fireEvent.click(screen.getByRole('button', { name: 'OK' }))
    expect(onChange).toHaveBeenCalledWith('23:59')
  })
})

describe('Picker: the wheel during its own smooth scroll', () => {
  let scrollTo: PropertyDescriptor | undefined
  beforeEach(() => {
    vi.useFakeTimers()
    scrollTo = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollTo')
    // A smooth scroll that has only begun: the position moves later, as the test says.
    HTMLElement.prototype.scrollTo = vi.fn() as unknown as HTMLElement['scrollTo']
  })
  afterEach(() => {
    vi.useRealTimers()
    if (scrollTo) Object.defineProperty(HTMLElement.prototype, 'scrollTo', scrollTo)
    else delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo
  })

  function openAtEnd() {
    const { trigger } = selector()
    fireEvent.click(trigger)
    const list = screen.getByRole('listbox')
    fireEvent.keyDown(list, { key: 'End' })
    const selected = () => within(list).getByRole('option', { selected: true }).textContent
    const scrollAt = (top: number) => {
      Object.defineProperty(list, 'scrollTop', { configurable: true, value: top })
      fireEvent.scroll(list)
    }
    return { list, selected, scrollAt }
  }

  it('a pause on the way to the chosen option does not settle on an option it passes', () => {
    const { selected, scrollAt } = openAtEnd()
    expect(selected()).toBe('葡萄')
    scrollAt(44)
    act(() => vi.advanceTimersByTime(500))
    expect(selected()).toBe('葡萄')
    scrollAt(3 * 44)
    act(() => vi.advanceTimersByTime(500))
    expect(selected()).toBe('葡萄')
  })

  it('moving to the next column by key leaves this column heading to its choice (a busy machine chose 59 past 17:30)', () => {
    const { list, selected, scrollAt } = openAtEnd()
    fireEvent.keyDown(list, { key: 'ArrowRight' })
    scrollAt(44)
    act(() => vi.advanceTimersByTime(500))
    expect(selected()).toBe('葡萄')
  })

  it('a touch hands the wheel back: where the user lets it rest is chosen', () => {
    const { list, selected, scrollAt } = openAtEnd()
    fireEvent.pointerDown(list)
    scrollAt(2 * 44)
    act(() => vi.advanceTimersByTime(119))
    expect(selected()).toBe('葡萄')
    act(() => vi.advanceTimersByTime(1))
    expect(selected()).toBe('橙子')
  })

  it('a tap on the chosen option after a nudge keeps it and brings it back, whatever the nudge left centred', () => {
    const { list, selected, scrollAt } = openAtEnd()
    fireEvent.pointerDown(list)
    // Nudged one option up: the settle after it would choose 橙子…
    scrollAt(2 * 44)
    const scrolls = vi.mocked(HTMLElement.prototype.scrollTo).mock.calls.length
    // …but the student taps 葡萄, the option still chosen.
    fireEvent.click(within(list).getByRole('option', { name: '葡萄' }))
    act(() => vi.advanceTimersByTime(500))
    expect(selected()).toBe('葡萄')
    expect(vi.mocked(HTMLElement.prototype.scrollTo).mock.calls.length).toBe(scrolls + 1)
    expect(vi.mocked(HTMLElement.prototype.scrollTo).mock.calls.at(-1)![0]).toMatchObject({ top: 3 * 44 })
  })
})
