import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reset as resetApp } from '../../../../src/state/app'
import { CODE_LENGTH, CodeField } from '../../../../src/ui/Field/CodeField'
import { PhoneField } from '../../../../src/ui/Field/PhoneField'
import { phoneDigits } from '../../../../src/lib/auth/checks'
import { INPUT_MAX_LENGTH, TextField } from '../../../../src/ui/Field/TextField'

beforeEach(() => resetApp())
afterEach(cleanup)

function Controlled({ kind, initial = '' }: { kind: 'text' | 'phone' | 'code'; initial?: string }) {
  const [value, setValue] = useState(initial)
  const Field = kind === 'text' ? TextField : kind === 'phone' ? PhoneField : CodeField
  return <Field label="字段" value={value} onChange={setValue} />
}

describe('TextField', () => {
  it('defaults to maxlength 140 and labels its input', () => {
    expect(INPUT_MAX_LENGTH).toBe(140)
    render(<TextField label="昵称" value="" onChange={() => {}} />)
    expect(screen.getByLabelText('昵称').getAttribute('maxlength')).toBe('140')
  })

  it('keeps at most maxlength characters of a change', () => {
    render(<Controlled kind="text" />)
    const input = screen.getByLabelText('字段') as HTMLInputElement
    fireEvent.change(input, { target: { value: 'a'.repeat(141) } })
    expect(input.value).toHaveLength(140)
  })

  it('an explicit maxLength wins', () => {
    render(<TextField label="短" value="" maxLength={20} onChange={() => {}} />)
    expect(screen.getByLabelText('短').getAttribute('maxlength')).toBe('20')
  })

  it('an error marks the input invalid and describes it; a hint describes it otherwise', () => {
    const { rerender } = render(<TextField label="名字" value="" hint="2 到 20 个字" onChange={() => {}} />)
    const input = screen.getByLabelText('名字')
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('2 到 20 个字')
    rerender(<TextField label="名字" value="" hint="2 到 20 个字" error="请填写名字" onChange={() => {}} />)
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('alert').textContent).toBe('请填写名字')
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id)
  })

  it('shows a character count when asked', () => {
    render(<TextField label="简介" value="你好" showCount onChange={() => {}} />)
    expect(screen.getByText('2/140')).toBeTruthy()
    expect(screen.getByText('已输入 2/140 字')).toBeTruthy()
  })
})

describe('PhoneField', () => {
  it.each([
    ['13800138000', '13800138000'],
    ['+86 138-0013-8000', '13800138000'],
    ['8613800138000', '13800138000'],
    ['138 0013', '1380013'],
    ['abc', ''],
    ['1380013800099', '13800138000'],
  ])('phoneDigits(%s) = %s', (input, digits) => {
    expect(phoneDigits(input)).toBe(digits)
  })

  it('shows +86 before the number, names it for screen readers, and keeps digits only', () => {
    render(<Controlled kind="phone" />)
    const input = screen.getByLabelText('字段') as HTMLInputElement
    expect(input.getAttribute('type')).toBe('tel')
    expect(input.getAttribute('autocomplete')).toBe('tel-national')
    // The element does not cut: the length is applied after the letters are stripped.
    expect(input.getAttribute('maxlength')).toBeNull()
    const prefix = document.getElementById(input.getAttribute('aria-describedby')?.split(' ')[0] ?? '')
    expect(prefix?.textContent).toBe('+86')
    expect(prefix?.getAttribute('aria-label')).toBe('中国大陆 +86')
    fireEvent.change(input, { target: { value: '138a0013' } })
    expect(input.value).toBe('1380013')
    fireEvent.change(input, { target: { value: 'abc13800138000' } })
    expect(input.value).toBe('13800138000')
  })

  it('a pasted international number loses its prefix', () => {
    const onChange = vi.fn()
    render(<PhoneField label="手机号" value="" onChange={onChange} />)
    fireEvent.paste(screen.getByLabelText('手机号'), { clipboardData: { getData: () => '+86 138 0013 8000' } })
    expect(onChange).toHaveBeenCalledWith('13800138000')
  })
})

describe('CodeField', () => {
  it('takes six digits with the one-time-code hint and holds a send button', () => {
    render(<CodeField label="验证码" value="" onChange={() => {}} action={<button type="button">获取验证码</button>} />)
    const input = screen.getByLabelText('验证码')
    expect(CODE_LENGTH).toBe(6)
    expect(input.getAttribute('maxlength')).toBeNull()
    expect(input.getAttribute('autocomplete')).toBe('one-time-code')
    expect(input.getAttribute('inputmode')).toBe('numeric')
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy()
  })

  it('drops non-digits', () => {
    render(<Controlled kind="code" />)
    const input = screen.getByLabelText('字段') as HTMLInputElement
    fireEvent.change(input, { target: { value: '12a3-45' } })
    expect(input.value).toBe('12345')
  })
})
