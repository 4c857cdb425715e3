/**
 * Children under 14 in the browser (docs/privacy.md): a student of 12 registers and lands limited, the
 * guardian confirms with the code from the dev outbox and the same actions then work; a student of 15 is
 * not asked; an older account is asked its birth month once at its next start; and the guardian's page
 * exports, corrects the profile, withdraws and deletes. At 375×812.
 */
import Database from 'better-sqlite3'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { test } from '../support/fixtures'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CHILDREN_RULES_VERSION } from '../../src/contract/guardian'
import { signInBySms } from '../support/login'
import { fillProfile, pickBirth } from '../support/profile'
import { screenshot } from '../support/screenshot'
import { smsCode } from '../support/smsOutbox'
import { subscribed } from '../support/live'
import { resumeSession, type TokenPair } from '../support/session'
import { wavFile } from '../support/wav'

test.use({ viewport: { width: 375, height: 812 } })

/** A second session for API calls, of another device type, so the browser's session is not replaced. */
const API_DEVICE = { deviceType: 'mobile', deviceCode: 'e2e-guardian-api', appId: 'jsj-habor' }
const PASSWORD = 'Reader2024'
const LIMITED = '未满 14 周岁，需要家长同意后才能公开分享'

/** Registers `phone` through Login (SMS), Password and Improve as a student does, ending on Home. */
async function registerInBrowser(page: Page, request: APIRequestContext, phone: string, name: string, birth: { year: number; month: number }): Promise<void> {
  await signInBySms(page, request, phone)
  await expect(page).toHaveURL(/\/password$/)
  await page.getByLabel('新密码', { exact: true }).fill(PASSWORD)
  await page.getByLabel('确认新密码').fill(PASSWORD)
  await page.getByRole('button', { name: '保存密码' }).click()
  await expect(page).toHaveURL(/\/improve$/)
  await fillProfile(page, { name, grade: '六年级', className: '1班', birth })
}

async function makeCard(page: Page, message: string): Promise<void> {
  await page.goto('/motherday')
  await page.getByLabel('祝福语').fill(message)
  await page.getByRole('button', { name: '生成贺卡' }).click()
}

/** An account made as an older app did, with no birth month at Improve (through the API, with a password). */
async function olderAccount(request: APIRequestContext, phone: string, name: string): Promise<void> {
  await request.post('/api/sms/code', { data: { username: `+86${phone}`, scene: 'login' } })
  const sms = (await (await request.post('/api/login/sms', { data: { username: `+86${phone}`, code: await smsCode(request, phone), isAdmin: false, ...API_DEVICE } })).json()) as { data: { token: string } }
  const auth = { authorization: `Bearer ${sms.data.token}` }
  expect(((await (await request.put('/api/auth/user/password/reset', { headers: auth, data: { password: PASSWORD } })).json()) as { code: number }).code).toBe(0)
  expect(((await (await request.put('/api/auth/student/improve', { headers: auth, data: { name: name, grade: '八年级', className: '2班', orgCode: 'DEMO' } })).json()) as { code: number }).code).toBe(0)
}

/** Signs `phone` in with PASSWORD on the Login page open now. */
async function signInWithPassword(page: Page, phone: string): Promise<void> {
  await page.locator('form[data-ready]').waitFor()
  await page.getByLabel('手机号').fill(phone)
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD)
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: '登录', exact: true }).click()
}

test('a student of 12 registers limited; the guardian confirms with the code; sharing then works', async ({ page, request }) => {
  const phone = '13700137201'
  await registerInBrowser(page, request, phone, '林小溪', { year: 2014, month: 3 })
  await screenshot(page, 'guardian-improve-birth-375x812')
  await page.getByRole('button', { name: '完成' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('note').filter({ hasText: LIMITED })).toBeVisible()
  await screenshot(page, 'guardian-home-limited-375x812')

  // Publishing a card is refused with the reason.
  await makeCard(page, '妈妈节日快乐')
  await expect(page.getByText(LIMITED)).toBeVisible()
  await expect(page).toHaveURL(/\/motherday$/)
  await screenshot(page, 'guardian-card-refused-375x812')

  // Sharing a report is refused with the reason.
  await page.goto('/2023/create')
  await expect(page).toHaveURL(/\/2023\/report\?id=[0-9a-f-]{36}$/)
  const reportId = new URL(page.url()).searchParams.get('id')!
  // A tap, not check(): the switch does not stay on, and whether check() still saw it on depended on how
  // soon the refusal came back.
  await page.getByRole('switch', { name: /有链接的人可以查看/ }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(LIMITED)
  await screenshot(page, 'guardian-report-refused-375x812')
  await dialog.getByRole('button', { name: '请家长同意' }).click()

  // The guardian confirms on this device with the code sent to their phone.
  await expect(page).toHaveURL(/\/consent$/)
  const guardian = '13500135201'
  await page.getByLabel('家长手机号').fill(guardian)
  await page.getByRole('button', { name: '获取验证码' }).click()
  await page.getByLabel('家长收到的验证码').fill(await smsCode(request, guardian))
  await page.getByRole('button', { name: '家长确认同意' }).click()
  await expect(page.getByText('请家长阅读并勾选同意')).toBeVisible()
  await expect(page.getByRole('link', { name: '《儿童个人信息保护规则》' })).toHaveAttribute('href', '/agreement?section=children')
  await page.getByRole('checkbox').check()
  await screenshot(page, 'guardian-consent-375x812')
  await page.getByRole('button', { name: '家长确认同意' }).click()
  await expect(page.getByRole('status').filter({ hasText: '家长已同意（手机尾号 5201）' })).toBeVisible()

  // The same actions now work.
  await makeCard(page, '妈妈节日快乐')
  await expect(page).toHaveURL(/\/motherday\?id=[0-9a-f-]{36}$/)
  await page.goto('/2023/create')
  await expect(page).toHaveURL(new RegExp(`/2023/report\\?id=${reportId}$`))
  const sharing = page.waitForResponse((r) => r.url().endsWith(`/api/reports/${reportId}`) && r.request().method() === 'PUT')
  await page.getByRole('switch', { name: /有链接的人可以查看/ }).check()
  expect(((await (await sharing).json()) as { code: number }).code).toBe(0)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const shared = (await (await request.get(`/api/report/${reportId}`)).json()) as { code: number }
  expect(shared.code).toBe(0)
  await page.goto('/home')
  await expect(page.getByRole('heading', { level: 2 }).first()).toContainText('林小溪')
  await expect(page.getByRole('note').filter({ hasText: LIMITED })).toHaveCount(0)
})

test('a student of 15 is not asked for a guardian', async ({ page, request }) => {
  await registerInBrowser(page, request, '13700137202', '周小北', { year: 2011, month: 1 })
  // The profile says whether the account is limited: Home asks nothing more.
  const asked: string[] = []
  page.on('request', (r) => void (r.url().includes('/api/guardian/') && asked.push(r.url())))
  const profile = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/student')
  await page.getByRole('button', { name: '完成' }).click()
  await expect(page).toHaveURL(/\/home$/)
  expect(((await (await profile).json()) as { data: { limited: unknown; birthKnown: unknown } }).data).toMatchObject({ limited: null, birthKnown: true })
  await expect(page.getByRole('heading', { level: 2 }).first()).toContainText('周小北')
  await expect(page.getByText(LIMITED)).toHaveCount(0)
  expect(asked).toEqual([])
  await makeCard(page, '妈妈辛苦了')
  await expect(page).toHaveURL(/\/motherday\?id=[0-9a-f-]{36}$/)
})

test('an account from before the question is asked its birth month once, at its next start', async ({ page, request }) => {
  // Made as an older app did: no birth month at Improve.
  const phone = '13700137203'
  await olderAccount(request, phone, '吴小南')

  await page.goto('/login')
  await signInWithPassword(page, phone)
  await expect(page).toHaveURL(/\/consent$/)
  await screenshot(page, 'guardian-ask-birth-375x812')
  await pickBirth(page, { year: 2010, month: 9 })
  await page.getByRole('button', { name: '确定' }).click()
  await expect(page).toHaveURL(/\/home$/)
  // Asked once: the next start stays on Home.
  await page.reload()
  await expect(page.getByRole('heading', { level: 2 }).first()).toContainText('吴小南')
  await expect(page).toHaveURL(/\/home$/)
})

test('a deep link opened signed out leads, after the sign-in and the birth month at Consent, to the page it named', async ({ page, request }) => {
  // An older account (no birth month), made through the API as above.
  const phone = '13700137219'
  await olderAccount(request, phone, '钱小东')

  await page.goto('/2023/history')
  await expect(page).toHaveURL(/\/login\?redirect=ReportHistory/)
  await signInWithPassword(page, phone)
  await expect(page).toHaveURL(/\/consent$/)
  await pickBirth(page, { year: 2010, month: 9 })
  await page.getByRole('button', { name: '确定' }).click()
  await expect(page).toHaveURL(/\/2023\/history$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('我的报告')
  await screenshot(page, 'guardian-deep-link-after-consent-375x812')
})

test("the guardian's page exports, corrects the profile, withdraws (shared things become private) and deletes (files gone); the child's open Home follows", async ({ browser, baseURL, page, request, habor }) => {
  // A child of 12 with a guardian's consent, a reading record, a card with its recording and a shared report.
  const phone = '13700137204'
  const guardian = '13500135204'
  await request.post('/api/sms/code', { data: { username: `+86${phone}`, scene: 'login' } })
  const sms = (await (await request.post('/api/login/sms', { data: { username: `+86${phone}`, code: await smsCode(request, phone), isAdmin: false, ...API_DEVICE } })).json()) as { data: { token: string } }
  const improved = (await (await request.put('/api/auth/student/improve', { headers: { authorization: `Bearer ${sms.data.token}` }, data: { name: '郑小雨', grade: '六年级', className: '3班', orgCode: 'DEMO', birth: { year: 2014, month: 5 } } })).json()) as { data: TokenPair }
  const headers = { authorization: `Bearer ${improved.data.token}` }
  // The consent as the first test gives it in the browser, written straight into the server's database: the
  // guardian's number would otherwise wait a minute between the consent's code and the sign-in code.
  // No call records reading yet either (the demo's records are seeded): one is written the same way.
  const profile = (await (await request.get('/api/auth/student', { headers })).json()) as { data: { id: string; studentId: string } }
  const db = new Database(join(habor.dataDir, 'habor.db'), { fileMustExist: true })
  const now = Date.now()
  db.prepare('insert into guardian_consents (id, user_id, guardian_phone, rules_version, consented_at, withdrawn_at) values (?, ?, ?, ?, ?, null)').run(crypto.randomUUID(), profile.data.id, `+86${guardian}`, CHILDREN_RULES_VERSION, now)
  const book = db.prepare('select id from books limit 1').get() as { id: string }
  db.prepare('insert into reading_records (id, student_id, book_id, read_at, tz_offset_min, minutes, pages, notes, shareable, deleted_at, created_at, updated_at) values (?, ?, ?, ?, -480, 25, 12, null, 0, null, ?, ?)').run(crypto.randomUUID(), profile.data.studentId, book.id, now - 86_400_000, now, now)
  db.close()
  const up = (await (await request.post('/api/cards/audio', { headers: { ...headers, 'content-type': 'audio/wav' }, data: wavFile(1500) })).json()) as { data: { audioId: string } }
  const card = (await (await request.post('/api/cards', { headers, data: { design: 'carnation', message: '谢谢妈妈', audioId: up.data.audioId } })).json()) as { data: { id: string } }
  const report = (await (await request.post('/api/reports', { headers, data: { year: 2023 } })).json()) as { data: { id: string } }
  await request.put(`/api/reports/${report.data.id}`, { headers, data: { shareable: true } })
  expect(((await (await request.get(`/api/report/${report.data.id}`)).json()) as { code: number }).code).toBe(0)

  // The child's phone, with Home open while the guardian works on their own phone.
  const childPhone = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL })
  const home = await childPhone.newPage()
  await resumeSession(home, improved.data)
  const live = subscribed(home)
  await home.goto('/home')
  await live
  await expect(home.getByRole('heading', { name: /郑小雨/ })).toBeVisible()
  await expect(home.getByRole('note').filter({ hasText: LIMITED })).toHaveCount(0)

  await guardianSignin(page, request, guardian, 'guardian-page-signin-375x812')
  const child = page.getByRole('region', { name: '郑小雨' })
  await expect(child).toContainText('已同意')

  const downloading = page.waitForEvent('download')
  await child.getByRole('button', { name: '下载全部数据（JSON）' }).click()
  const file = await (await downloading).path()
  const data = JSON.parse(readFileSync(file, 'utf8')) as { profile: { name: string }; readingRecords: unknown[]; cards: { recording: string; message: string }[]; recordings: { id: string }[]; reports: { id: string; shared: boolean }[] }
  expect(data.profile.name).toBe('郑小雨')
  expect(data.readingRecords).toEqual([expect.objectContaining({ minutes: 25, pages: 12 })])
  expect(data.cards).toEqual([expect.objectContaining({ message: '谢谢妈妈', recording: up.data.audioId })])
  expect(data.recordings.map((r) => r.id)).toEqual([up.data.audioId])
  expect(data.reports).toEqual([expect.objectContaining({ id: report.data.id, shared: true })])
  const recording = page.waitForEvent('download')
  await child.getByRole('button', { name: '下载录音 1' }).click()
  expect(readFileSync(await (await recording).path()).equals(wavFile(1500))).toBe(true)
  await screenshot(page, 'guardian-page-child-375x812')

  // Correcting the profile: the form comes filled from the export; the name and the birth month change.
  await child.getByRole('button', { name: '更正资料' }).click()
  const form = child.getByRole('form', { name: '更正资料' })
  await expect(form.getByLabel('孩子的姓名')).toHaveValue('郑小雨')
  await expect(form.getByRole('button', { name: /年级/ })).toContainText('六年级')
  await expect(form.getByRole('button', { name: /班级/ })).toContainText('3班')
  await expect(form.getByRole('button', { name: /出生年月/ })).toContainText('2014-05')
  // A name left empty is refused on the page, in words, and nothing is sent.
  await form.getByLabel('孩子的姓名').fill('  ')
  await form.getByRole('button', { name: '保存更正' }).click()
  await expect(form.getByText('请填写孩子的姓名')).toBeVisible()
  await form.getByLabel('孩子的姓名').fill('郑小语')
  await pickBirth(page, { year: 2014, month: 8 })
  await expect(form.getByRole('button', { name: /出生年月/ })).toContainText('2014-08')
  for (const control of await form.getByRole('button').all()) expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  await screenshot(page, 'guardian-page-correct-375x812')
  const saving = page.waitForResponse((r) => r.url().endsWith(`/profile`) && r.request().method() === 'PUT')
  await form.getByRole('button', { name: '保存更正' }).click()
  expect(((await (await saving).json()) as { code: number }).code).toBe(0)
  await expect(form).toHaveCount(0)
  const corrected = page.getByRole('region', { name: '郑小语' })
  await expect(corrected.getByRole('heading', { name: '郑小语' })).toBeVisible()
  const again = page.waitForEvent('download')
  await corrected.getByRole('button', { name: '下载全部数据（JSON）' }).click()
  const after = JSON.parse(readFileSync(await (await again).path(), 'utf8')) as { profile: { name: string; grade: string; className: string; birth: { year: number; month: number } } }
  expect(after.profile).toEqual(expect.objectContaining({ name: '郑小语', grade: '六年级', className: '3班', birth: { year: 2014, month: 8 } }))
  expect(((await (await request.get('/api/auth/student', { headers })).json()) as { data: { name: string } }).data.name).toBe('郑小语')
  // The child's Home greets the corrected name without being opened again.
  await expect(home.getByRole('heading', { name: /郑小语/ })).toBeVisible()

  // Withdrawing: the shared report is private, the card's link reaches nobody.
  await corrected.getByRole('button', { name: '撤回同意' }).click()
  // The confirm button names the act.
  await expect(page.getByRole('dialog').getByRole('button', { name: '确定' })).toHaveCount(0)
  await page.getByRole('dialog').getByRole('button', { name: '撤回同意' }).click()
  await expect(corrected).toContainText('已撤回同意')
  expect(((await (await request.get(`/api/report/${report.data.id}`)).json()) as { code: number }).code).toBe(100001)
  expect(((await (await request.get(`/api/cards/${card.data.id}`)).json()) as { code: number }).code).toBe(100001)
  // And says at once why sharing stops, with the way to ask a guardian again.
  await expect(home.getByRole('note').filter({ hasText: LIMITED })).toBeVisible()
  await screenshot(home, 'guardian-withdrawn-child-home-375x812')
  await childPhone.close()

  // Deleting removes the account and the recording's file.
  const audioFile = join(habor.dataDir, 'cards', up.data.audioId)
  expect(existsSync(audioFile)).toBe(true)
  await corrected.getByRole('button', { name: '注销孩子的账号' }).click()
  await expect(page.getByRole('dialog').getByRole('button', { name: '确定' })).toHaveCount(0)
  await page.getByRole('dialog').getByRole('button', { name: '注销孩子的账号' }).click()
  await expect(page.getByRole('region', { name: '郑小语' })).toHaveCount(0)
  expect(existsSync(audioFile)).toBe(false)
  expect((await request.get('/api/guardian/status', { headers })).status()).toBe(401)
})

/**
 * A child of 12 with a guardian's consent, a reading record, a card with its recording and a report, made
 * through the API (the consent and the reading record written into the server's database, as above).
 */
async function childWithData(request: APIRequestContext, dataDir: string, phone: string, guardian: string, name: string): Promise<void> {
  await request.post('/api/sms/code', { data: { username: `+86${phone}`, scene: 'login' } })
  const sms = (await (await request.post('/api/login/sms', { data: { username: `+86${phone}`, code: await smsCode(request, phone), isAdmin: false, ...API_DEVICE } })).json()) as { data: { token: string } }
  const improved = (await (await request.put('/api/auth/student/improve', { headers: { authorization: `Bearer ${sms.data.token}` }, data: { name, grade: '六年级', className: '3班', orgCode: 'DEMO', birth: { year: 2014, month: 5 } } })).json()) as { data: { token: string } }
  const headers = { authorization: `Bearer ${improved.data.token}` }
  const profile = (await (await request.get('/api/auth/student', { headers })).json()) as { data: { id: string; studentId: string } }
  const db = new Database(join(dataDir, 'habor.db'), { fileMustExist: true })
  const now = Date.now()
  db.prepare('insert into guardian_consents (id, user_id, guardian_phone, rules_version, consented_at, withdrawn_at) values (?, ?, ?, ?, ?, null)').run(crypto.randomUUID(), profile.data.id, `+86${guardian}`, CHILDREN_RULES_VERSION, now)
  const books = db.prepare('select id from books limit 2').all() as { id: string }[]
  books.forEach((book, i) => db.prepare('insert into reading_records (id, student_id, book_id, read_at, tz_offset_min, minutes, pages, notes, shareable, deleted_at, created_at, updated_at) values (?, ?, ?, ?, -480, ?, 12, null, 0, null, ?, ?)').run(crypto.randomUUID(), profile.data.studentId, book.id, now - (i + 1) * 86_400_000, 25 + i * 10, now, now))
  db.close()
  const up = (await (await request.post('/api/cards/audio', { headers: { ...headers, 'content-type': 'audio/wav' }, data: wavFile(1500) })).json()) as { data: { audioId: string } }
  await request.post('/api/cards', { headers, data: { design: 'carnation', message: '谢谢妈妈', audioId: up.data.audioId } })
  await request.post('/api/reports', { headers, data: { year: 2023 } })
}

/** Signs a guardian in on /guardian by SMS; `shot` names a screenshot of the filled form before the tap. */
async function guardianSignin(page: Page, request: APIRequestContext, guardian: string, shot?: string): Promise<void> {
  await page.goto('/guardian')
  await page.getByLabel('家长手机号').fill(guardian)
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled()
  await page.getByLabel('验证码', { exact: true }).fill(await smsCode(request, guardian))
  if (shot) await screenshot(page, shot)
  await page.getByRole('button', { name: '登录家长页面' }).click()
}

test("the guardian's sign-in survives a reload, shows the child's data in words, and ends with 退出", async ({ page, request, habor }) => {
  const guardian = '13500135211'
  await childWithData(request, habor.dataDir, '13700137211', guardian, '王小禾')
  await guardianSignin(page, request, guardian)
  const child = page.getByRole('region', { name: '王小禾' })
  await expect(child).toContainText('已同意')
  const data = child.getByRole('region', { name: '孩子在 Habor 的数据' })
  await expect(data).toContainText('阅读记录2 条共 60 分钟')
  await expect(data).toContainText('贺卡1 张')
  await expect(data).toContainText('年度报告1 份2023 年')
  await expect(data).toContainText('录音1 段')
  await expect(page.getByText('已登录 135****5211')).toBeVisible()
  // The code's toast has gone: the picture shows what the parent reads.
  await expect(page.getByText('验证码已发送')).toHaveCount(0)
  await screenshot(page, 'guardian-page-data-375x812')
  await page.setViewportSize({ width: 320, height: 568 })
  await screenshot(page, 'guardian-page-data-320x568')
  await page.setViewportSize({ width: 375, height: 812 })

  // A reload keeps the parent signed in (no new code, which the server would refuse for 60 s).
  await page.reload()
  await expect(page.getByRole('region', { name: '王小禾' })).toContainText('阅读记录2 条')
  await expect(page.getByRole('button', { name: '登录家长页面' })).toHaveCount(0)
  // The token is the tab's only: the child's own sign-in store holds nothing of it.
  const stored = await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }))
  expect(stored.session.some((k) => k.includes('guardian'))).toBe(true)
  expect(stored.local.some((k) => k.includes('guardian'))).toBe(false)

  // 退出 ends it, on the server too: a reload asks for a code.
  const out = page.waitForResponse((r) => r.url().endsWith('/api/guardian/signout'))
  await page.getByRole('button', { name: '退出' }).click()
  expect(((await (await out).json()) as { code: number }).code).toBe(0)
  await expect(page.getByRole('button', { name: '登录家长页面' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('button', { name: '登录家长页面' })).toBeVisible()
  await expect(page.getByRole('region', { name: '王小禾' })).toHaveCount(0)
})

test("a child who types their own number as the guardian's is told to type a parent's", async ({ page, request }) => {
  const phone = '13700137212'
  await registerInBrowser(page, request, phone, '陈小舟', { year: 2014, month: 3 })
  await page.getByRole('button', { name: '完成' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await page.goto('/consent')
  await page.getByLabel('家长手机号').fill(phone)
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.getByRole('alert')).toHaveText('这是你自己的手机号。请填写爸爸、妈妈或其他监护人的手机号')
  await screenshot(page, 'guardian-consent-own-number-375x812')
})

test('with a consent given, another guardian takes over only with the code the current guardian receives', async ({ page, request, habor }) => {
  const phone = '13700137213'
  const first = '13500135213'
  const second = '13500135214'
  await registerInBrowser(page, request, phone, '黄小帆', { year: 2014, month: 3 })
  await page.getByRole('button', { name: '完成' }).click()
  await expect(page).toHaveURL(/\/home$/)
  // The first guardian's consent, written into the server's database as above.
  const db = new Database(join(habor.dataDir, 'habor.db'), { fileMustExist: true })
  const user = db.prepare('select id from users where phone = ?').get(`+86${phone}`) as { id: string }
  db.prepare('insert into guardian_consents (id, user_id, guardian_phone, rules_version, consented_at, withdrawn_at) values (?, ?, ?, ?, ?, null)').run(crypto.randomUUID(), user.id, `+86${first}`, CHILDREN_RULES_VERSION, Date.now())
  db.close()

  await page.goto('/consent')
  await expect(page.getByRole('status').filter({ hasText: '家长已同意（手机尾号 5213）' })).toBeVisible()
  await page.getByRole('button', { name: '换一位家长' }).click()
  const form = page.getByRole('form', { name: '换一位家长' })
  await expect(form).toContainText('原来的家长（手机尾号 5213）确认')
  await form.getByLabel('原来家长的手机号').fill(first)
  await form.getByRole('button', { name: '获取验证码' }).first().click()
  await expect(form.getByRole('button', { name: /秒后重发/ })).toHaveCount(1)
  await form.getByLabel('原来家长收到的验证码').fill(await smsCode(request, first))
  await form.getByLabel('新家长的手机号').fill(second)
  await form.getByRole('button', { name: '获取验证码' }).click()
  await expect(form.getByRole('button', { name: /秒后重发/ })).toHaveCount(2)
  await form.getByLabel('新家长收到的验证码').fill(await smsCode(request, second))
  await form.getByRole('checkbox').check()
  await expect(page.getByText('验证码已发送到家长手机')).toHaveCount(0)
  await screenshot(page, 'guardian-consent-change-375x812')
  await form.getByRole('button', { name: '确认更换家长' }).click()
  await expect(page.getByRole('status').filter({ hasText: '家长已同意（手机尾号 5214）' })).toBeVisible()
})
