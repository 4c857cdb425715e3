/** Test support for the operator's command line: run a command against a test app's database, write import files. */
import ExcelJS from 'exceljs'
import iconv from 'iconv-lite'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runAdmin } from '../../../server/admin/main'
import type { BuildInput } from '../../../server/config'
import { FakeClock, makeApp, type TestApp } from '../support/helpers'

export interface AdminApp extends TestApp {
  /** The environment the command line gets: the app's own database. */
  env: NodeJS.ProcessEnv
  admin: (...argv: string[]) => Promise<{ status: number; out: string; err: string }>
}

/** A test app and the command line on its database (SQLite in its folder, or its PostgreSQL schema). */
export async function adminApp(over: BuildInput = {}, clock = new FakeClock()): Promise<AdminApp> {
  const t = await makeApp(over, clock)
  const databaseUrl = t.app.config.databaseUrl
  const env: NodeJS.ProcessEnv = { DATA_DIR: t.dir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...(over.redisUrl ? { REDIS_URL: over.redisUrl } : {}) }
  const admin = async (...argv: string[]) => {
    const out: string[] = []
    const err: string[] = []
    const status = await runAdmin(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env, now: clock.now })
    return { status, out: out.join('\n'), err: err.join('\n') }
  }
  return { ...t, env, admin }
}

export interface Teacher {
  phone: string
  name: string
  classes: string
}

/** n teachers with distinct phones (1390000xxxx), Chinese names and one to three classes each. */
export function teachers(n: number, phonePrefix = '1390000'): Teacher[] {
  const surnames = '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗'
  return Array.from({ length: n }, (_, i) => ({
    phone: `${phonePrefix}${String(i).padStart(4, '0')}`,
    name: `${surnames[i % surnames.length]}老师${i}`,
    classes: Array.from({ length: (i % 3) + 1 }, (_, k) => `${['七年级', '八年级', '九年级'][(i + k) % 3]}${(i % 12) + 1}班`).join(';'),
  }))
}

const csvCell = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s)

/** A CSV file of the teachers with the given header, as text (the caller encodes it). */
export const csvText = (rows: readonly Teacher[], header = ['手机号', '姓名', '任教班级']): string =>
  [header.join(','), ...rows.map((t) => [t.phone, t.name, t.classes].map(csvCell).join(','))].join('\r\n') + '\r\n'

export function writeCsv(dir: string, name: string, text: string, encoding: 'utf-8' | 'utf-8-bom' | 'gbk' = 'utf-8'): string {
  const file = join(dir, name)
  const bytes = encoding === 'gbk' ? iconv.encode(text, 'gbk') : Buffer.from(encoding === 'utf-8-bom' ? `\uFEFF${text}` : text, 'utf8')
  writeFileSync(file, bytes)
  return file
}

/** The same teachers as an .xlsx workbook, as Excel or WPS saves one (the phone as a number cell, as pasted). */
export async function writeXlsx(dir: string, name: string, rows: readonly Teacher[]): Promise<string> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('教师名单')
  sheet.addRow(['手机号', '姓名', '任教班级'])
  for (const t of rows) sheet.addRow([Number(t.phone), t.name, t.classes])
  const file = join(dir, name)
  await book.xlsx.writeFile(file)
  return file
}
