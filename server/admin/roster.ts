/**
 * Reads a school's teacher list for `admin import` (docs/running.md, "Operating a school"): a .csv or an
 * .xlsx (Excel or WPS), one teacher a row, with the columns phone, name and the classes taught. The text of
 * a CSV is UTF-8 (with or without BOM) or GBK, as Excel and WPS save it on a Chinese Windows: a strict
 * UTF-8 decode decides (GBK bytes are never valid UTF-8 in practice, since a Chinese character's two GBK
 * bytes are not a UTF-8 sequence), and only a file that fails it is read as GBK. Rows are checked here,
 * each problem named by its line; what the database says about a phone is checked by the import.
 */
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import iconv from 'iconv-lite'
import { readFile } from 'node:fs/promises'
import { extname } from 'node:path'
import { normalizePhone } from '../../src/contract/phone'

export interface RosterClass {
  grade: string
  className: string
}

export interface RosterRow {
  /** The row's line in the file (1 = the first line, the header's when it is first). */
  line: number
  /** '+86…' */
  phone: string
  name: string
  classes: RosterClass[]
}

export interface RosterProblem {
  line: number
  reason: string
}

export interface Roster {
  rows: RosterRow[]
  problems: RosterProblem[]
  /** How the text was decoded: 'utf-8', 'utf-8 (BOM)', 'gbk', or 'xlsx'. */
  encoding: string
}

/** Header names of each column, compared without case and spaces. */
export const COLUMNS = {
  phone: ['手机号', '手机', '手机号码', '电话', 'phone', 'mobile'],
  name: ['姓名', '名字', 'name'],
  classes: ['任教班级', '班级', '所教班级', 'classes', 'class'],
} as const

type Column = keyof typeof COLUMNS

/** Separators between the classes of one cell: 七年级2班;七年级3班 (also ； , ， 、 / and line breaks). */
const CLASS_SEPARATOR = /[;；,，、/\n]+/

/** 七年级2班, 七年级 2 班, 高一10班 → (七年级, 2班); Grade 7 Class 2 → (Grade 7, Class 2). */
export function parseClass(text: string): RosterClass | null {
  const s = text.trim().replace(/\s+/g, ' ')
  const zh = /^(\S.*?\D)\s?(\d{1,2})\s?班$/.exec(s)
  if (zh) return { grade: zh[1]!.trim(), className: `${Number(zh[2])}班` }
  const en = /^(grade \d{1,2}) ?(class \d{1,2})$/i.exec(s)
  if (en) return { grade: en[1]!.replace(/^grade/i, 'Grade'), className: en[2]!.replace(/^class/i, 'Class') }
  return null
}

/** A CSV file's bytes as text: UTF-8 when they decode strictly as UTF-8, else GBK. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: string } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
    return text.startsWith('\uFEFF') ? { text: text.slice(1), encoding: 'utf-8 (BOM)' } : { text, encoding: 'utf-8' }
  } catch {
    return { text: iconv.decode(Buffer.from(bytes), 'gbk'), encoding: 'gbk' }
  }
}

/** The cells of a CSV text, each row with its line number (blank lines left out). */
function csvRows(text: string): { line: number; cells: string[] }[] {
  const records = parse(text, { relax_column_count: true, skip_empty_lines: false, info: true, bom: true }) as unknown as { record: string[]; info: { lines: number } }[]
  // info.lines is the line a record ends on; a record spans one line unless a quoted cell holds a break.
  const breaks = (cells: string[]) => cells.reduce((n, c) => n + c.split('\n').length - 1, 0)
  return records.map((r) => ({ line: r.info.lines - breaks(r.record), cells: r.record.map((c) => c.trim()) }))
}

/** The cells of the first worksheet, each row with its row number (the line as Excel shows it). */
async function xlsxRows(bytes: Uint8Array): Promise<{ line: number; cells: string[] }[]> {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer)
  const sheet = book.worksheets[0]
  if (!sheet) return []
  const rows: { line: number; cells: string[] }[] = []
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = []
    for (let c = 1; c <= row.cellCount; c++) cells.push(row.getCell(c).text.trim())
    rows.push({ line, cells })
  })
  return rows
}

const key = (s: string) => s.replace(/\s+/g, '').toLowerCase()

/** Checks the rows of a file: the header, then each row's phone, name and classes. */
export function checkRows(all: { line: number; cells: string[] }[]): Pick<Roster, 'rows' | 'problems'> {
  const rows = all.filter((r) => r.cells.some((c) => c !== ''))
  const header = rows.shift()
  if (!header) return { rows: [], problems: [{ line: 1, reason: 'the file has no rows' }] }
  const at: Partial<Record<Column, number>> = {}
  for (const column of Object.keys(COLUMNS) as Column[]) {
    const i = header.cells.findIndex((c) => (COLUMNS[column] as readonly string[]).map(key).includes(key(c)))
    if (i >= 0) at[column] = i
  }
  const missing = (Object.keys(COLUMNS) as Column[]).filter((c) => at[c] === undefined)
  if (missing.length) {
    return { rows: [], problems: [{ line: header.line, reason: `missing column ${missing.map((c) => `${COLUMNS[c][0]} (${c})`).join(', ')}; the header row names the columns ${Object.values(COLUMNS).map((names) => names[0]).join(', ')}` }] }
  }
  const problems: RosterProblem[] = []
  const out: RosterRow[] = []
  const seen = new Map<string, number>()
  for (const r of rows) {
    const cell = (c: Column) => r.cells[at[c]!] ?? ''
    const reasons: string[] = []
    const phone = normalizePhone(cell('phone'))
    if (!cell('phone')) reasons.push('no phone')
    else if (!phone) reasons.push(`bad phone "${cell('phone')}" (11 digits starting with 1)`)
    else if (seen.has(phone)) reasons.push(`duplicate phone ${cell('phone')} (also on line ${seen.get(phone)})`)
    else seen.set(phone, r.line)
    const name = cell('name')
    if (!name) reasons.push('no name')
    else if (name.length > 32) reasons.push('name longer than 32 characters')
    const classes: RosterClass[] = []
    const texts = cell('classes').split(CLASS_SEPARATOR).map((t) => t.trim()).filter(Boolean)
    if (texts.length === 0) reasons.push('no class (write the classes taught as 七年级2班;七年级3班)')
    for (const t of texts) {
      const c = parseClass(t)
      if (!c) reasons.push(`bad class "${t}" (write it as 七年级2班)`)
      else if (!classes.some((k) => k.grade === c.grade && k.className === c.className)) classes.push(c)
    }
    if (reasons.length) problems.push({ line: r.line, reason: reasons.join('; ') })
    else out.push({ line: r.line, phone: phone!, name, classes })
  }
  return { rows: out, problems }
}

/** Reads a .csv or .xlsx file (by its extension; anything else is read as CSV text). */
export async function readRoster(file: string): Promise<Roster> {
  const bytes = await readFile(file)
  if (extname(file).toLowerCase() === '.xlsx') return { ...checkRows(await xlsxRows(bytes)), encoding: 'xlsx' }
  const { text, encoding } = decodeText(bytes)
  return { ...checkRows(csvRows(text)), encoding }
}
