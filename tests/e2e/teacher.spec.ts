/**
 * The teacher's side (docs/product.md "The teacher's side"), in Chromium against the real server: a teacher
 * at a school PC (1280×800) answers class requests and the student's open Home follows within 3 s; a
 * teacher on a phone (375×812) sets a task, and the progress page shows the student's read, then done,
 * each within 3 s, without a reload; one reminder an hour reaches only those not done; the CSV holds the
 * names as typed, a formula neutralised; a teacher lands on /teacher and is never sent to 家长同意; an
 * account with both roles switches sides. Students are registered for each test; the demo accounts stay.
 */
import { devices, expect, type APIRequestContext, type Browser, type BrowserContext, type Page, type WebSocketRoute } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { test } from '../support/fixtures'
import { APP_HEADERS, registerStudent } from '../support/register'
import { screenshot } from '../support/screenshot'
import { subscribed } from '../support/live'
import { DEMO_STUDENT, resumeSession, type TokenPair } from '../support/session'

test.use({ viewport: { width: 375, height: 812 } })

const TEACHER = { phone: '13600136000', password: 'Passw0rd!' }
const PC = { width: 1280, height: 800 }
/** The product's promise for the teacher's side (docs/product.md "The teacher's side"). */
const LIVE_MS = 3_000

async function login(request: APIRequestContext, who: { phone: string; password: string }, deviceCode: string, deviceType: string): Promise<TokenPair> {
  const r = await request.post('/api/login', { headers: APP_HEADERS, data: { username: who.phone, password: who.password, deviceType, deviceCode, appId: 'jsj-habor' } })
  const body = (await r.json()) as { code: number; data: TokenPair }
  expect(body.code, `login ${who.phone}`).toBe(0)
  return body.data
}

/** The teacher's calls made beside the page (as another of the teacher's devices, so the page's session stays). */
async function teacherApi(request: APIRequestContext) {
  const pair = await login(request, TEACHER, 'e2e-teacher-api', 'client')
  const headers = { ...APP_HEADERS, Authorization: `Bearer ${pair.token}` }
  return {
    async get<T>(path: string): Promise<{ status: number; code: number; data: T }> {
      const r = await request.get(`/api${path}`, { headers })
      return { status: r.status(), ...((await r.json()) as { code: number; data: T }) }
    },
    async post<T>(path: string, data?: unknown, extra: Record<string, string> = {}): Promise<{ status: number; code: number; data: T }> {
      const r = await request.post(`/api${path}`, { headers: { ...headers, ...extra }, data })
      return { status: r.status(), ...((await r.json()) as { code: number; data: T }) }
    },
  }
}

/** A browser context at a school PC (a desktop browser) or a phone, signed in with `pair`. */
async function signedIn(browser: Browser, baseURL: string | undefined, pair: TokenPair, pc: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(pc ? { ...devices['Desktop Chrome'], viewport: PC, baseURL } : { ...devices['Pixel 7'], viewport: { width: 375, height: 812 }, baseURL })
  const page = await context.newPage()
  await resumeSession(page, pair)
  return { context, page }
}

/** Every URL the page was at, so a test can say it never went somewhere (家长同意). */
function recordUrls(page: Page): string[] {
  const seen: string[] = []
  page.on('framenavigated', (f) => f === page.mainFrame() && seen.push(f.url()))
  void page.exposeFunction('__noteUrl', (u: string) => seen.push(u))
  void page.addInitScript(() => {
    const note = () => (window as unknown as { __noteUrl?: (u: string) => void }).__noteUrl?.(location.href)
    for (const m of ['pushState', 'replaceState'] as const) {
      const original = history[m].bind(history)
      history[m] = (...args: Parameters<History['pushState']>) => {
        original(...args)
        note()
      }
    }
  })
  return seen
}

test('at a school PC a teacher confirms a new student, whose open Home leaves 班级待老师确认 within 3 s; a refused student is told; the teacher is never sent to 家长同意', async ({ browser, baseURL, request }) => {
  test.slow()
  const joining = await registerStudent(request, '13500135401', 'e2e-teacher-s1', { name: '林小满', grade: '七年级', className: '2班', orgCode: 'DEMO' })
  const refused = await registerStudent(request, '13500135402', 'e2e-teacher-s2', { name: '周一鸣', grade: '七年级', className: '2班', orgCode: 'DEMO' })

  // The student's Home, open, waiting for the teacher.
  const student = await signedIn(browser, baseURL, joining, false)
  const studentLive = subscribed(student.page)
  await student.page.goto('/home')
  await expect(student.page.getByTestId('class-pending')).toBeVisible()
  await studentLive

  // The teacher opens the app: Home sends a teacher-only account to the desk, never to 家长同意.
  const teacher = await signedIn(browser, baseURL, await login(request, TEACHER, 'e2e-teacher-pc', 'browser'), true)
  const urls = recordUrls(teacher.page)
  await teacher.page.goto('/home')
  await expect(teacher.page).toHaveURL(/\/teacher$/)
  await expect(teacher.page.getByRole('heading', { name: '入班申请' })).toBeVisible()
  const rows = teacher.page.getByTestId('class-request')
  await expect(rows.filter({ hasText: '林小满' })).toBeVisible()
  await expect(rows.filter({ hasText: '周一鸣' })).toBeVisible()
  // Both columns side by side at 1280 px: the tasks are beside the requests, not under them.
  const left = await teacher.page.getByRole('heading', { name: '入班申请' }).boundingBox()
  const right = await teacher.page.getByRole('heading', { name: '布置的任务' }).boundingBox()
  expect(right!.x).toBeGreaterThan(left!.x + 400)
  expect(Math.abs(right!.y - left!.y)).toBeLessThan(40)
  await screenshot(teacher.page, 'teacher-requests-1280x800')

  await teacher.page.getByRole('button', { name: '确认 林小满' }).click()
  const confirmedAt = Date.now()
  await expect(student.page.getByTestId('class-pending')).toHaveCount(0, { timeout: LIVE_MS })
  console.log(`class confirmed → the student's Home without 班级待老师确认: ${Date.now() - confirmedAt} ms`)
  await expect(rows.filter({ hasText: '林小满' })).toHaveCount(0)

  // A refusal asks first, naming the act, and the student is told what to do next.
  await teacher.page.getByRole('button', { name: '拒绝 周一鸣' }).click()
  const dialog = teacher.page.getByRole('dialog')
  await expect(dialog).toContainText('周一鸣')
  await dialog.getByRole('button', { name: '拒绝申请' }).click()
  await expect(rows.filter({ hasText: '周一鸣' })).toHaveCount(0)

  const refusedPage = await signedIn(browser, baseURL, refused, false)
  await refusedPage.page.goto('/notifications')
  const notice = refusedPage.page.locator('.notes__item').first()
  await expect(notice).toContainText('班级未通过确认')
  await expect(notice).toContainText('编辑资料')
  await screenshot(refusedPage.page, 'teacher-refused-notice-375x812')

  expect(urls.filter((u) => u.includes('/consent'))).toEqual([])
  await Promise.all([student.context.close(), teacher.context.close(), refusedPage.context.close()])
})

test('a confirmation made while the student’s live channel is down reaches the open Home once the channel is back', async ({ browser, baseURL, request }) => {
  test.slow()
  const joining = await registerStudent(request, '13500135406', 'e2e-teacher-s6', { name: '沈一舟', grade: '七年级', className: '2班', orgCode: 'DEMO' })
  const api = await teacherApi(request)
  const student = await signedIn(browser, baseURL, joining, false)
  // The channel passes through the test, which can drop it and keep it down, as a tunnel on the bus does:
  // while `down` holds, a new connection waits before it reaches the broker.
  let down: Promise<void> = Promise.resolve()
  let up = () => {}
  // Resolves when the next connection is subscribed: the broker's CONNACK and SUBACK have passed to the page.
  let onSubscribed = () => {}
  const subscribedAgain = () => new Promise<void>((resolve) => (onSubscribed = resolve))
  let connections = 0
  const open: { page: WebSocketRoute; broker: WebSocketRoute }[] = []
  await student.page.routeWebSocket(/\/mqtt$/, async (ws) => {
    await down
    connections++
    const broker = ws.connectToServer()
    let frames = 0
    ws.onMessage((m) => broker.send(m))
    broker.onMessage((m) => {
      ws.send(m)
      if (++frames === 2) onSubscribed()
    })
    open.push({ page: ws, broker })
  })
  const live = subscribedAgain()
  await student.page.goto('/home')
  const pending = student.page.getByTestId('class-pending')
  await expect(pending).toBeVisible()
  await live

  down = new Promise((resolve) => (up = resolve))
  for (const { page, broker } of open.splice(0)) {
    await broker.close()
    await page.close()
  }
  const asking = await api.get<{ studentId: string; name: string }[]>('/classes/requests?orgCode=DEMO')
  const mine = asking.data.find((r) => r.name === '沈一舟')!
  expect((await api.post('/classes/confirm', { orgCode: 'DEMO', studentId: mine.studentId, grade: '七年级', className: '2班' })).code).toBe(0)
  // Nothing reached the page meanwhile: its Home still waits for the teacher.
  await expect(pending).toBeVisible()

  const back = subscribedAgain()
  up()
  await back
  expect(connections).toBeGreaterThanOrEqual(2)
  await expect(pending).toHaveCount(0)
  await screenshot(student.page, 'teacher-confirmed-after-drop-375x812')
  await student.context.close()
})

test('from a phone a teacher sets a task; the student reads it from the inbox and marks it done, and the open progress shows read, then done, each within 3 s; a reminder reaches only those not done, and a second within the hour is refused with its time', async ({ browser, baseURL, request }) => {
  test.slow()
  // A second student of the class who will not finish: the reminder is for them only.
  const other = await registerStudent(request, '13500135403', 'e2e-teacher-s3', { name: '许知远', grade: '七年级', className: '2班', orgCode: 'DEMO' })
  const api = await teacherApi(request)
  const asking = await api.get<{ studentId: string; name: string }[]>('/classes/requests?orgCode=DEMO')
  const mine = asking.data.find((r) => r.name === '许知远')!
  expect((await api.post('/classes/confirm', { orgCode: 'DEMO', studentId: mine.studentId, grade: '七年级', className: '2班' })).code).toBe(0)

  const teacher = await signedIn(browser, baseURL, await login(request, TEACHER, 'e2e-teacher-phone', 'mobile'), false)
  const teacherLive = subscribed(teacher.page)
  await teacher.page.goto('/teacher')
  await teacherLive
  await teacher.page.getByRole('tab', { name: '任务' }).click()
  await teacher.page.getByRole('button', { name: '布置任务' }).click()
  const form = teacher.page.getByRole('form', { name: '布置新任务' })
  await form.getByRole('checkbox', { name: '七年级 2班' }).check()
  await form.getByLabel('任务标题').fill('读《草房子》第三章')
  await form.getByLabel('任务说明').fill('读完后写下你最喜欢的一个人物。')
  await form.getByRole('button', { name: /截止日期/ }).click()
  await teacher.page.getByRole('dialog', { name: '截止日期' }).getByRole('button', { name: '确定' }).click()
  await expect(form.getByRole('button', { name: /截止日期/ })).toContainText(/\d{4}-\d{2}-\d{2}/)
  await screenshot(teacher.page, 'teacher-assign-375x812')
  // A double tap makes one task.
  await form.getByRole('button', { name: '布置', exact: true }).dblclick()
  await expect(form).toHaveCount(0)
  const tasks = await api.get<{ id: string; title: string }[]>('/teacher/tasks?orgCode=DEMO')
  expect(tasks.data.filter((x) => x.title === '读《草房子》第三章')).toHaveLength(1)

  await teacher.page.getByTestId('teacher-task').filter({ hasText: '读《草房子》第三章' }).click()
  await expect(teacher.page.getByTestId('progress-student').first()).toBeVisible()
  const demoName = await studentName(request)
  const row = teacher.page.getByTestId('progress-student').filter({ hasText: demoName })
  await expect(row).toHaveAttribute('data-state', 'not-opened')

  // The demo student (七年级 2班) gets it in the inbox and opens it from there.
  const student = await signedIn(browser, baseURL, await login(request, DEMO_STUDENT, 'e2e-teacher-demo', 'mobile'), false)
  await student.page.goto('/notifications')
  const entry = student.page.locator('.notes__item', { hasText: '读《草房子》第三章' })
  await expect(entry).toBeVisible()
  const read = student.page.waitForResponse((r) => /\/api\/tasks\/[^/]+\/read$/.test(r.url()))
  await entry.click()
  await expect(student.page).toHaveURL(/\/task\?id=/)
  await read
  const readAt = Date.now()
  await expect(row).toHaveAttribute('data-state', 'read', { timeout: LIVE_MS })
  console.log(`read → the teacher's progress: ${Date.now() - readAt} ms`)

  const done = student.page.waitForResponse((r) => /\/api\/tasks\/[^/]+\/done$/.test(r.url()))
  await student.page.getByRole('button', { name: '我已完成' }).click()
  await done
  const doneAt = Date.now()
  await expect(row).toHaveAttribute('data-state', 'done', { timeout: LIVE_MS })
  console.log(`done → the teacher's progress: ${Date.now() - doneAt} ms`)
  await expect(teacher.page.getByTestId('count-done')).toContainText('1')
  await screenshot(teacher.page, 'teacher-progress-375x812')

  // One tap reminds those not done; the button then says when the next is possible.
  const remind = teacher.page.getByTestId('remind')
  await expect(remind).toContainText(/提醒未完成的 \d+ 位同学/)
  await remind.click()
  await expect(remind).toContainText('后可再次提醒')
  await expect(remind).toBeDisabled()
  const taskId = tasks.data.find((x) => x.title === '读《草房子》第三章')!.id
  const again = await api.post<{ retryAfter: number }>(`/teacher/tasks/${taskId}/remind`)
  expect(again.status).toBe(429)
  expect(again.data.retryAfter).toBeGreaterThan(3500)

  // Only the student not done got it.
  expect(await reminders(request, other.token)).toBe(1)
  const demoToken = await login(request, DEMO_STUDENT, 'e2e-teacher-demo-check', 'pad')
  expect(await reminders(request, demoToken.token)).toBe(0)

  await Promise.all([student.context.close(), teacher.context.close()])
})

test('the CSV of a class’s progress holds the names as typed, Chinese intact, and a name like =1+1 neutralised', async ({ browser, baseURL, request }) => {
  const formula = await registerStudent(request, '13500135404', 'e2e-teacher-s4', { name: '=1+1', grade: '七年级', className: '2班', orgCode: 'DEMO' })
  void formula
  const api = await teacherApi(request)
  const asking = await api.get<{ studentId: string; name: string }[]>('/classes/requests?orgCode=DEMO')
  const r = asking.data.find((x) => x.name === '=1+1')!
  expect((await api.post('/classes/confirm', { orgCode: 'DEMO', studentId: r.studentId, grade: '七年级', className: '2班' })).code).toBe(0)
  const assigned = await api.post<{ id: string }>('/tasks', { orgCode: 'DEMO', grade: '七年级', className: '2班', title: '默写《静夜思》', brief: '背给家人听。', publisherName: '李老师' }, { 'Idempotency-Key': 'e2e-teacher-csv' })
  expect(assigned.code).toBe(0)

  const teacher = await signedIn(browser, baseURL, await login(request, TEACHER, 'e2e-teacher-csv', 'browser'), true)
  await teacher.page.goto('/teacher')
  await teacher.page.getByTestId('teacher-task').filter({ hasText: '默写《静夜思》' }).click()
  await expect(teacher.page.getByTestId('progress-student').first()).toBeVisible()
  const downloading = teacher.page.waitForEvent('download')
  await teacher.page.getByRole('button', { name: '导出进度（CSV）' }).click()
  const file = await downloading
  expect(file.suggestedFilename()).toBe('默写《静夜思》-七年级 2班-完成情况.csv')
  const bytes = readFileSync((await file.path())!)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const text = bytes.subarray(3).toString('utf8')
  expect(text).toContain(await studentName(request))
  expect(text).toContain("'=1+1")
  expect(text).not.toMatch(/(^|,|")=1\+1/m)
  await teacher.context.close()
})

test('the roster of a class reads at 375 px and a student can be taken out after a question naming it', async ({ browser, baseURL, request }) => {
  const leaving = await registerStudent(request, '13500135405', 'e2e-teacher-s5', { name: '退出测试', grade: '七年级', className: '2班', orgCode: 'DEMO' })
  void leaving
  const api = await teacherApi(request)
  const asking = await api.get<{ studentId: string; name: string }[]>('/classes/requests?orgCode=DEMO')
  const r = asking.data.find((x) => x.name === '退出测试')!
  expect((await api.post('/classes/confirm', { orgCode: 'DEMO', studentId: r.studentId, grade: '七年级', className: '2班' })).code).toBe(0)

  const teacher = await signedIn(browser, baseURL, await login(request, TEACHER, 'e2e-teacher-roster', 'mobile'), false)
  await teacher.page.goto('/teacher')
  await teacher.page.getByRole('button', { name: /^七年级 2班 \d+ 名学生/ }).click()
  const roster = teacher.page.getByRole('region', { name: '七年级 2班 名单' })
  await expect(roster.getByTestId('roster-student').filter({ hasText: '退出测试' })).toBeVisible()
  await screenshot(teacher.page, 'teacher-roster-375x812')
  await roster.getByRole('button', { name: '移出 退出测试' }).click()
  const dialog = teacher.page.getByRole('dialog')
  await expect(dialog).toContainText('退出测试')
  await dialog.getByRole('button', { name: '移出班级' }).click()
  await expect(roster.getByTestId('roster-student').filter({ hasText: '退出测试' })).toHaveCount(0)
  await teacher.context.close()
})

test('an account that teaches in one organisation and studies in another lands on the desk and crosses to each side and back, never sent to 家长同意', async ({ browser, baseURL, request }) => {
  // The seed's 周老师: a teacher at Demo School (primary), a student at another organisation.
  const pair = await login(request, { phone: '13700137000', password: 'Passw0rd!' }, 'e2e-teacher-both', 'mobile')
  const { context, page } = await signedIn(browser, baseURL, pair, false)
  const urls = recordUrls(page)
  await page.goto('/home')
  await expect(page).toHaveURL(/\/teacher$/)
  await expect(page.getByRole('heading', { name: '周老师，你好' })).toBeVisible()
  await page.getByRole('button', { name: '切换到学生端' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.locator('.home__greeting')).toContainText('周老师')
  const banner = page.getByRole('note').filter({ hasText: '你也是老师' })
  await expect(banner).toBeVisible()
  await screenshot(page, 'teacher-both-home-375x812')
  await banner.getByRole('button', { name: '老师工作台' }).click()
  await expect(page).toHaveURL(/\/teacher$/)
  await expect(page.getByRole('heading', { name: '入班申请' })).toBeVisible()
  expect(urls.filter((u) => u.includes('/consent'))).toEqual([])
  await context.close()
})

test('a class of 45: 全部确认 after a question, then the roster and the progress still read at 375 px, the counts staying on screen and filtering the list', async ({ browser, baseURL, request }) => {
  test.slow()
  const api = await teacherApi(request)
  const classes = await api.get<{ classId: string; grade: string; className: string; students: number; pending: number }[]>('/teacher/classes?orgCode=DEMO')
  const klass = classes.data.find((c) => c.grade === '七年级' && c.className === '2班')!
  const surnames = ['王', '李', '张', '刘', '陈', '杨', '黄', '吴', '徐', '孙']
  const given = ['子涵', '欣怡', '梓轩', '浩然', '一诺', '雨桐', '宇航', '思远', '诗琪', '俊杰']
  const joining = 45 - klass.students - klass.pending
  for (let i = 0; i < joining; i++) {
    const name = `${surnames[i % 10]}${given[Math.floor(i / 10) % 10]}`
    await registerStudent(request, `135001355${String(i).padStart(2, '0')}`, `e2e-teacher-45-${i}`, { name, grade: '七年级', className: '2班', orgCode: 'DEMO' })
  }

  const pc = await signedIn(browser, baseURL, await login(request, TEACHER, 'e2e-teacher-45-pc', 'browser'), true)
  await pc.page.goto('/teacher')
  // Other tests of this server leave requests of other classes: the class's own group is the one answered.
  const group = pc.page.getByRole('group', { name: '七年级 2班', exact: true })
  await group.getByRole('button', { name: /^全部确认（\d+）$/ }).click()
  const dialog = pc.page.getByRole('dialog')
  await expect(dialog).toContainText('七年级 2班')
  await dialog.getByRole('button', { name: '全部确认' }).click()
  await expect(group).toHaveCount(0)
  await pc.page.getByRole('button', { name: /^七年级 2班 \d+ 名学生/ }).click()
  const pcRoster = pc.page.getByRole('region', { name: '七年级 2班 名单' }).getByTestId('roster-student')
  await expect(pcRoster).toHaveCount(45)
  await screenshot(pc.page, 'teacher-roster-45-1280x800')

  const assigned = await api.post<{ id: string }>('/tasks', { orgCode: 'DEMO', classId: klass.classId, grade: '七年级', className: '2班', title: '共读《城南旧事》', brief: '读第一章。', publisherName: '李老师' }, { 'Idempotency-Key': 'e2e-teacher-45' })
  expect(assigned.code).toBe(0)
  await pc.page.reload()
  await pc.page.getByTestId('teacher-task').filter({ hasText: '共读《城南旧事》' }).click()
  await expect(pc.page.getByTestId('progress-student')).toHaveCount(45)
  await screenshot(pc.page, 'teacher-progress-45-1280x800')
  await pc.context.close()

  const phone = await signedIn(browser, baseURL, await login(request, TEACHER, 'e2e-teacher-45-phone', 'mobile'), false)
  await phone.page.goto('/teacher')
  await phone.page.getByRole('button', { name: /^七年级 2班 \d+ 名学生/ }).click()
  const roster = phone.page.getByRole('region', { name: '七年级 2班 名单' }).getByTestId('roster-student')
  await expect(roster).toHaveCount(45)
  // One line a student, each a touch target, none wider than the screen.
  for (const box of await Promise.all((await roster.all()).slice(0, 5).map((r) => r.boundingBox()))) {
    expect(box!.height).toBeGreaterThanOrEqual(44)
    expect(box!.height).toBeLessThan(60)
    expect(box!.x + box!.width).toBeLessThanOrEqual(375)
  }
  await screenshot(phone.page, 'teacher-roster-45-375x812')

  await phone.page.getByRole('tab', { name: '任务' }).click()
  await phone.page.getByTestId('teacher-task').filter({ hasText: '共读《城南旧事》' }).click()
  const rows = phone.page.getByTestId('progress-student')
  await expect(rows).toHaveCount(45)
  await rows.last().scrollIntoViewIfNeeded()
  // Scrolled to the last student, the counts are still on screen under the bar.
  const counts = await phone.page.getByTestId('count-not-opened').boundingBox()
  expect(counts!.y).toBeGreaterThanOrEqual(40)
  expect(counts!.y + counts!.height).toBeLessThanOrEqual(812)
  await phone.page.getByTestId('count-done').click()
  await expect(rows).toHaveCount(0)
  await phone.page.getByTestId('count-not-opened').click()
  await expect(rows).toHaveCount(45)
  await phone.page.getByTestId('count-all').click()
  await phone.page.evaluate(() => scrollTo(0, 0))
  await screenshot(phone.page, 'teacher-progress-45-375x812')
  await phone.context.close()
})

test('made without a connection, a teacher’s task and a student’s read wait in the outbox and each lands once when it is back', async ({ browser, baseURL, request }) => {
  test.slow()
  const api = await teacherApi(request)
  const teacher = await signedIn(browser, baseURL, await login(request, TEACHER, 'e2e-teacher-offline', 'mobile'), false)
  await teacher.page.goto('/teacher')
  await teacher.page.getByRole('tab', { name: '任务' }).click()
  await teacher.page.getByRole('button', { name: '布置任务' }).click()
  const form = teacher.page.getByRole('form', { name: '布置新任务' })
  await form.getByRole('checkbox', { name: '七年级 2班' }).check()
  await form.getByLabel('任务标题').fill('离线布置的任务')
  // The brief is asked for before anything is sent (the server would refuse an empty one on replay).
  await form.getByRole('button', { name: '布置', exact: true }).click()
  await expect(form.getByText('请写下任务说明')).toBeVisible()
  await form.getByLabel('任务说明').fill('网络恢复后才会发出。')
  // The API cannot be reached: the write waits in the outbox, said so, and the header counts it.
  await teacher.page.route('**/api/tasks', (route) => route.abort('internetdisconnected'))
  await form.getByRole('button', { name: '布置', exact: true }).click()
  await expect(teacher.page.getByText('网络不通：已保存在这台设备上，联网后会自动布置')).toBeVisible()
  await expect(teacher.page.locator('.scaffold__outbox')).toBeVisible()
  await teacher.page.unroute('**/api/tasks')
  await teacher.page.evaluate(() => dispatchEvent(new Event('online')))
  await expect.poll(async () => (await api.get<{ title: string }[]>('/teacher/tasks?orgCode=DEMO')).data.filter((x) => x.title === '离线布置的任务').length).toBe(1)
  const taskId = (await api.get<{ id: string; title: string }[]>('/teacher/tasks?orgCode=DEMO')).data.find((x) => x.title === '离线布置的任务')!.id

  // The student opens it while the API is out of reach: the read waits, and lands once it is back.
  const demoName = await studentName(request)
  const student = await signedIn(browser, baseURL, await login(request, DEMO_STUDENT, 'e2e-teacher-offline-demo', 'mobile'), false)
  await student.page.route('**/api/tasks/*/read', (route) => route.abort('internetdisconnected'))
  await student.page.goto(`/task?id=${taskId}`)
  await expect(student.page.getByRole('heading', { name: '离线布置的任务' })).toBeVisible()
  const stateOf = async () => {
    const p = await api.get<{ students: { name: string; state: string }[] }>(`/teacher/tasks/${taskId}`)
    return p.data.students.find((x) => x.name === demoName)?.state
  }
  // It waits in the outbox, uncounted: a read is not a change of the student's to show as 待同步.
  const waitingReads = () =>
    student.page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('habor-outbox')
          open.onsuccess = () => {
            const all = open.result.transaction('items').objectStore('items').getAll()
            all.onsuccess = () => resolve((all.result as { payload: { kind: string } }[]).filter((i) => i.payload.kind === 'taskRead').length)
          }
        }),
    )
  await expect.poll(waitingReads).toBe(1)
  await expect(student.page.locator('.scaffold__outbox')).toHaveCount(0)
  expect(await stateOf()).toBe('not-opened')
  await student.page.unroute('**/api/tasks/*/read')
  await student.page.evaluate(() => dispatchEvent(new Event('online')))
  await expect.poll(stateOf).toBe('read')
  await expect.poll(waitingReads).toBe(0)
  await Promise.all([student.context.close(), teacher.context.close()])
})

/** The demo student's name, as the server has it. */
async function studentName(request: APIRequestContext): Promise<string> {
  const pair = await login(request, DEMO_STUDENT, 'e2e-teacher-name', 'pad')
  const r = await request.get('/api/auth/student?appId=jsj-habor', { headers: { ...APP_HEADERS, Authorization: `Bearer ${pair.token}` } })
  return ((await r.json()) as { data: { name: string } }).data.name
}

/** How many reminders the account's inbox holds. */
async function reminders(request: APIRequestContext, token: string): Promise<number> {
  const r = await request.get('/api/inbox?limit=50', { headers: { ...APP_HEADERS, Authorization: `Bearer ${token}` } })
  const page = (await r.json()) as { data: { entries: { texts: { 'zh-Hans': { title: string; body: string } } }[] } }
  return page.data.entries.filter((e) => /提醒/.test(e.texts['zh-Hans'].title + e.texts['zh-Hans'].body)).length
}
