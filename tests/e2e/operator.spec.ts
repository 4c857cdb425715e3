/**
 * What the school's IT person does reaches the student's phone: an account disabled from the operator's
 * command line (`npm run admin -- disable`, docs/running.md "Operating a school") ends the open app's
 * session, and Login says that the school disabled it, not that the login expired. A screenshot of that
 * Login goes to tests/e2e/screenshots/operator-disabled-375x812.png.
 */
import { expect } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { test } from '../support/fixtures'
import { registerStudent } from '../support/register'
import { screenshot } from '../support/screenshot'
import { resumeSession } from '../support/session'
import { subscribed } from '../support/live'

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' })

const PHONE = '13500135407'

test('an account the school disables leaves the open app for Login, which says the school disabled it', async ({ page, request, habor }) => {
  const pair = await registerStudent(request, PHONE, 'e2e-operator-student', { name: '顾小禾', grade: '七年级', className: '2班', orgCode: 'DEMO' })
  await resumeSession(page, pair)
  const live = subscribed(page)
  await page.goto('/home')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await live

  // The operator's command line, on the worker server's own data (a process of its own, as in a school).
  const out = execFileSync(process.execPath, ['server/dist/admin.mjs', 'disable', PHONE], { env: { ...process.env, DATA_DIR: habor.dataDir }, encoding: 'utf8' })
  expect(out).toContain('1 session(s) ended')

  // The server closes the live connection (its sweep, within 5 s on one node); the channel's next connect is
  // refused, the refresh says why, and the app ends the session with that reason.
  await expect(page).toHaveURL(/\/login/)
  const notice = page.locator('.login__notice')
  await expect(notice).toHaveText('这个账号已被学校停用，这里已退出。如有疑问，请联系学校老师。')
  await expect(notice).not.toContainText('过期')
  await screenshot(page, 'operator-disabled-375x812')
})

test('opened after the school disabled the account, the app lands on Login, which says so', async ({ page, request, habor }) => {
  const phone = '13500135408'
  const pair = await registerStudent(request, phone, 'e2e-operator-closed', { name: '顾小满', grade: '七年级', className: '2班', orgCode: 'DEMO' })
  await resumeSession(page, pair)
  execFileSync(process.execPath, ['server/dist/admin.mjs', 'disable', phone], { env: { ...process.env, DATA_DIR: habor.dataDir }, encoding: 'utf8' })
  // The launch reads the profile quietly (a stale session ends without a word), but this ending is said.
  await page.goto('/home')
  await expect(page).toHaveURL(/\/login/)
  await expect(page.locator('.login__notice')).toHaveText('这个账号已被学校停用，这里已退出。如有疑问，请联系学校老师。')
})
