/**
 * A class that waits for the teacher (docs/security.md "Class membership"): a new student's Home and
 * profile page say that the class's tasks come once a teacher confirms it, in Chinese and in English, and
 * say nothing once the teacher has confirmed it. A student registered for this test.
 */
import { expect, type APIRequestContext } from '@playwright/test'
import { test } from '../support/fixtures'
import { APP_HEADERS, registerStudent } from '../support/register'
import { screenshot } from '../support/screenshot'
import { resumeSession, type TokenPair } from '../support/session'

test.use({ viewport: { width: 375, height: 812 } })

const HEADERS = APP_HEADERS
const DEVICE = { deviceType: 'mobile', deviceCode: 'e2e-class-pending', appId: 'jsj-habor' }
const PHONE = '13500135093'

/** The demo teacher confirms this student's class, as `npm run demo:task` does. */
async function teacherConfirms(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/login', { headers: HEADERS, data: { username: '13600136000', password: 'Passw0rd!', ...DEVICE, deviceCode: 'e2e-class-pending-teacher' } })
  const auth = { ...HEADERS, Authorization: `Bearer ${((await login.json()) as { data: TokenPair }).data.token}` }
  const asking = (await (await request.get('/api/classes/requests?orgCode=DEMO', { headers: auth })).json()) as { data: { studentId: string; name: string }[] }
  const mine = asking.data.find((r) => r.name === '苏小禾')!
  const r = await request.post('/api/classes/confirm', { headers: auth, data: { orgCode: 'DEMO', studentId: mine.studentId, grade: '七年级', className: '5班' } })
  expect(((await r.json()) as { code: number }).code).toBe(0)
}

test('a class waiting for the teacher is said on Home and the profile page, and no more once confirmed', async ({ page, request }) => {
  await resumeSession(page, await registerStudent(request, PHONE, DEVICE.deviceCode, { name: '苏小禾', grade: '七年级', className: '5班', orgCode: 'DEMO' }))
  await page.goto('/home')
  const home = page.getByRole('note', { name: '班级待老师确认' })
  await expect(home).toBeVisible()
  await expect(home).toContainText('七年级 · 5班')
  await expect(home).toContainText('老师确认后，这个班的任务才会出现在这里')
  await screenshot(page, 'home-class-pending-375x812')

  await page.getByRole('button', { name: '编辑资料' }).click()
  await expect(page).toHaveURL(/\/improve$/)
  const profile = page.getByRole('note', { name: '班级待老师确认' })
  await expect(profile).toContainText('七年级 · 5班')
  await expect(profile).toContainText('老师确认后，这个班的任务才会出现在首页')
  await screenshot(page, 'improve-class-pending-375x812')

  await page.goto('/home?lang=en')
  const english = page.getByRole('note', { name: 'Your class waits for your teacher' })
  await expect(english).toContainText('Grade 7 · Class 5')
  await expect(english).toContainText('Its tasks appear here once a teacher confirms it')
  await screenshot(page, 'home-class-pending-en-375x812')

  await teacherConfirms(request)
  // A new start loads the profile again.
  await page.reload()
  await expect(page.locator('.home__greeting')).toContainText('苏小禾')
  await expect(page.getByTestId('class-pending')).toHaveCount(0)
})
