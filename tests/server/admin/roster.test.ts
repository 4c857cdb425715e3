/** Reading an import file (server/admin/roster.ts): the encodings, the header names, the class format, the line numbers. */
import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkRows, decodeText, parseClass, readRoster } from '../../../server/admin/roster'
import { table, width } from '../../../server/admin/table'

describe('decodeText', () => {
  const text = '手机号,姓名,任教班级\n13900000001,欧阳修,七年级2班\n'
  it('reads UTF-8 with and without a BOM, and GBK when the bytes are not UTF-8', () => {
    expect(decodeText(Buffer.from(text))).toEqual({ text, encoding: 'utf-8' })
    expect(decodeText(Buffer.from(`\uFEFF${text}`))).toEqual({ text, encoding: 'utf-8 (BOM)' })
    expect(decodeText(iconv.encode(text, 'gbk'))).toEqual({ text, encoding: 'gbk' })
  })
  it('a plain ASCII file is UTF-8 (it is GBK too, with the same text)', () => {
    expect(decodeText(Buffer.from('phone,name,classes\n'))).toMatchObject({ encoding: 'utf-8' })
  })
})

describe('parseClass', () => {
  it('splits a grade and a class, in either language', () => {
    expect(parseClass('七年级2班')).toEqual({ grade: '七年级', className: '2班' })
    expect(parseClass(' 高一 10 班 ')).toEqual({ grade: '高一', className: '10班' })
    expect(parseClass('七年级02班')).toEqual({ grade: '七年级', className: '2班' })
    expect(parseClass('grade 7 class 3')).toEqual({ grade: 'Grade 7', className: 'Class 3' })
  })
  it('refuses what is not a grade and a numbered class', () => {
    for (const bad of ['七年级', '2班', '七年级二班', 'Class 3', '七年级123班']) expect(parseClass(bad), bad).toBeNull()
  })
})

describe('readRoster', () => {
  it('numbers rows by their line in the file, a quoted cell with a line break included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'roster-'))
    const file = join(dir, 'r.csv')
    writeFileSync(file, '手机号,姓名,任教班级\n\n13900000001,"王\n老师",七年级2班\n13900000002,李老师,\n')
    const r = await readRoster(file)
    rmSync(dir, { recursive: true })
    expect(r.rows.map((x) => x.line)).toEqual([3])
    expect(r.problems).toEqual([{ line: 5, reason: 'no class (write the classes taught as 七年级2班;七年级3班)' }])
  })
})

describe('checkRows', () => {
  const rows = (...lines: string[][]) => lines.map((cells, i) => ({ line: i + 1, cells }))
  it('finds the columns by their Chinese or English names, in any order, and skips blank rows', () => {
    const r = checkRows(rows(['Name', 'CLASSES', ' Phone '], ['', '', ''], ['王老师', '七年级2班；七年级3班、八年级1班', '139 0000 0001']))
    expect(r.problems).toEqual([])
    expect(r.rows).toEqual([{ line: 3, phone: '+8613900000001', name: '王老师', classes: [{ grade: '七年级', className: '2班' }, { grade: '七年级', className: '3班' }, { grade: '八年级', className: '1班' }] }])
  })
  it('names every bad row with all its reasons', () => {
    const r = checkRows(rows(['手机号', '姓名', '任教班级'], ['1390000000x', '', '七年级'], ['13900000001', '王老师', '七年级1班']))
    expect(r.problems).toEqual([{ line: 2, reason: 'bad phone "1390000000x" (11 digits starting with 1); no name; bad class "七年级" (write it as 七年级2班)' }])
  })
})

describe('table', () => {
  it('aligns columns, a Chinese character counting two', () => {
    expect(width('王老师ab')).toBe(8)
    expect(table(['name', 'n'], [['王老师', '1'], ['Li', '22']]).split('\n')).toEqual(['name    n', '------  --', '王老师  1', 'Li      22'])
    expect(table(['a'], [])).toBe('(none)')
  })
})
