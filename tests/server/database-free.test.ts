/**
 * The list of server files the PostgreSQL run leaves out (tests/server/database-free.json, docs/running.md):
 * each is a test file that exists, and none names what gives a test the database. The run-time guard in
 * pgSchema() (tests/server/support/helpers.ts) catches the support functions; this catches a file that
 * reads DATABASE_URL itself, which no guard would see.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..')
const listed = JSON.parse(readFileSync(join(ROOT, 'tests', 'server', 'database-free.json'), 'utf8')) as string[]

describe('the database-free server files', () => {
  it('are server test files, each listed once', () => {
    expect(listed.length).toBeGreaterThan(0)
    expect(new Set(listed).size).toBe(listed.length)
    for (const file of listed) {
      expect(file).toMatch(/^tests\/server\/.+\.test\.ts$/)
      expect(existsSync(join(ROOT, file)), file).toBe(true)
    }
  })

  it('name nothing that gives a test the database', () => {
    for (const file of listed) {
      expect(readFileSync(join(ROOT, file), 'utf8'), file).not.toMatch(/\b(DATABASE_URL|databaseUrl|makeApp|pgSchema|listeningApp|adminApp)\b/)
    }
  })
})
