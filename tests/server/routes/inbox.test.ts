/**
 * The notification inbox (docs/notifications.md), on a real database (SQLite here; PostgreSQL through
 * scripts/test-server-pg.mjs): an event and its entries are written together or not at all, whether or
 * not the recipient has a push subscription; one account cannot list, read or mark another's; paging by
 * cursor is stable while entries arrive; a new entry reaches the recipient's live connection.
 */
import { describe, expect, it } from 'vitest'
import type { InboxNotified, InboxPage, InboxUnread } from '../../../src/contract/inbox'
import { taskMessage } from '../../../server/services/pushTexts'
import { listeningApp, mqttConnect, SETTLE_MS, smsLogin, subscribe, until, userIdOf, withToken } from '../support/broker'
import { assignDemoTask, call, makeApp, passwordLogin, type TestApp } from '../support/helpers'


const assignTask = (t: TestApp, title?: string) => assignDemoTask(t.app, title)

const list = (t: TestApp, token: string, query = '') => call<InboxPage>(t.app, 'GET', `/inbox${query}`, { token })
const unread = async (t: TestApp, token: string) => (await call<InboxUnread>(t.app, 'GET', '/inbox/unread', { token })).body.data.unread

describe('an event writes its inbox entries', () => {
  it('for a student without any push subscription, with what happened, when and where it opens', async () => {
    const t = await makeApp()
    const student = await passwordLogin(t.app)
    expect(await t.app.db.selectFrom('push_subscriptions').select('id').execute()).toEqual([])
    const taskId = await assignTask(t)
    const page = await list(t, student.token)
    expect(page.body.code).toBe(0)
    expect(page.body.data.unread).toBe(1)
    expect(page.body.data.next).toBeNull()
    const [entry] = page.body.data.entries
    expect(entry).toMatchObject({ kind: 'task', url: `/task?id=${taskId}`, createdAt: t.clock.now(), readAt: null })
    expect(entry!.texts['zh-Hans'].title).toBe('新任务：读《草房子》第一章')
    expect(entry!.texts.en.title).toBe('New task: 读《草房子》第一章')
    expect(await unread(t, student.token)).toBe(1)
  })

  it('in the event’s transaction: a rolled-back event leaves neither the event nor an entry', async () => {
    const t = await makeApp()
    const student = await passwordLogin(t.app)
    const studentUser = await userIdOf(t.app, student.token)
    const org = await t.app.db.selectFrom('orgs').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow()
    const id = crypto.randomUUID()
    const failed = t.app.db.transaction().execute(async (trx) => {
      const now = t.clock.now()
      await trx
        .insertInto('tasks')
        .values({ id, org_id: org.id, publisher_user_id: studentUser, publisher_name: '李老师', grade: '七年级', class_name: '2班', book_id: null, title: 't', brief: 'b', due_at: null, attachments: '[]', shareable: 1, deleted_at: null, created_at: now, updated_at: now })
        .execute()
      const notified = await t.app.inbox.record(trx, [studentUser], 'task', taskMessage({ id, title: 't', brief: 'b', publisherName: '李老师' }))
      expect(notified.entries).toHaveLength(1)
      // Seen inside the transaction…
      expect(await trx.selectFrom('inbox').select('id').where('user_id', '=', studentUser).execute()).toHaveLength(1)
      throw new Error('the event failed after its notification was written')
    })
    await expect(failed).rejects.toThrow('the event failed')
    // …and gone with it.
    expect(await t.app.db.selectFrom('tasks').select('id').where('id', '=', id).execute()).toEqual([])
    expect(await t.app.db.selectFrom('inbox').select('id').execute()).toEqual([])
    expect(await unread(t, student.token)).toBe(0)
  })

  it('once per recipient even when a list names them twice, and none for nobody', async () => {
    const t = await makeApp()
    const student = await passwordLogin(t.app)
    const userId = await userIdOf(t.app, student.token)
    const none = await t.app.db.transaction().execute((trx) => t.app.inbox.record(trx, [], 'task', taskMessage({ id: 'x', title: 't', brief: 'b', publisherName: 'p' })))
    expect(none.entries).toEqual([])
    await t.app.db.transaction().execute((trx) => t.app.inbox.record(trx, [userId, userId], 'task', taskMessage({ id: 'x', title: 't', brief: 'b', publisherName: 'p' })))
    expect(await unread(t, student.token)).toBe(1)
  })
})

describe('an account and its entries', () => {
  it('another account cannot list, read or mark them; a bad id is a coded refusal', async () => {
    const t = await makeApp()
    const student = await passwordLogin(t.app)
    const other = await smsLogin(t.app)
    await assignTask(t)
    const [entry] = (await list(t, student.token)).body.data.entries
    expect((await list(t, other.token)).body.data).toEqual({ entries: [], next: null, unread: 0 })

    const read = await call(t.app, 'POST', `/inbox/${entry!.id}/read`, { token: other.token })
    expect(read.status).toBe(200)
    expect(read.body.code).toBe(100001)
    await call(t.app, 'POST', '/inbox/read', { token: other.token })
    expect(await unread(t, student.token)).toBe(1)

    const bad = await call(t.app, 'POST', '/inbox/..%2F/read', { token: student.token })
    expect(bad.status).toBe(200)
    expect(bad.body.code).toBe(100002)
    expect((await list(t, student.token, '?cursor=nonsense')).body.code).toBe(100002)
    expect((await list(t, student.token, '?limit=51')).body.code).toBe(100002)
    expect((await call(t.app, 'GET', '/inbox')).status).toBe(401)
  })

  it('the owner marks one read (twice is once), then all read; the count follows', async () => {
    const t = await makeApp()
    const student = await passwordLogin(t.app)
    await assignTask(t, 'one')
    t.clock.advance(1000)
    await assignTask(t, 'two')
    const [newest, older] = (await list(t, student.token)).body.data.entries
    expect(newest!.texts['zh-Hans'].title).toBe('新任务：two')
    t.clock.advance(500)
    const first = await call<InboxUnread>(t.app, 'POST', `/inbox/${older!.id}/read`, { token: student.token })
    expect(first.body.data.unread).toBe(1)
    t.clock.advance(500)
    expect((await call<InboxUnread>(t.app, 'POST', `/inbox/${older!.id}/read`, { token: student.token })).body.data.unread).toBe(1)
    const after = (await list(t, student.token)).body.data.entries
    expect(after[1]!.readAt).toBe(t.clock.now() - 500)
    expect((await call<InboxUnread>(t.app, 'POST', '/inbox/read', { token: student.token })).body.data.unread).toBe(0)
    expect((await list(t, student.token)).body.data.entries.every((e) => e.readAt !== null)).toBe(true)
  })
})

describe('paging', () => {
  it('is newest first and stable while entries arrive between pages, ties included', async () => {
    const t = await makeApp()
    const student = await passwordLogin(t.app)
    const userId = await userIdOf(t.app, student.token)
    const add = (n: number) => t.app.db.transaction().execute((trx) => t.app.inbox.record(trx, [userId], 'task', taskMessage({ id: `t${n}`, title: `#${n}`, brief: 'b', publisherName: 'p' })))
    // Seven entries, three of them at the same millisecond.
    for (let i = 0; i < 7; i++) {
      if (i !== 3 && i !== 4) t.clock.advance(10)
      await add(i)
    }
    const seen: string[] = []
    let page = (await list(t, student.token, '?limit=3')).body.data
    seen.push(...page.entries.map((e) => e.texts.en.title))
    let extra = 100
    while (page.next) {
      // New entries (one at the cursor's very millisecond) arrive before each next page.
      await add(extra++)
      t.clock.advance(5)
      await add(extra++)
      page = (await list(t, student.token, `?limit=3&cursor=${encodeURIComponent(page.next)}`)).body.data
      seen.push(...page.entries.map((e) => e.texts.en.title))
    }
    const titles = seen.map((s) => s.replace('New task: ', ''))
    expect(titles.slice(0, 2)).toEqual(['#6', '#5'])
    expect(new Set(titles).size).toBe(7)
    expect(titles.filter((s) => Number(s.slice(1)) < 100).sort()).toEqual(['#0', '#1', '#2', '#3', '#4', '#5', '#6'])
    expect((await list(t, student.token, '?limit=50')).body.data.entries).toHaveLength(7 + (extra - 100))
  })
})

describe('live delivery', () => {
  it('a new entry reaches the recipient’s live connection with the unread count, and nobody else’s', async () => {
    const t = await listeningApp()
    const student = await passwordLogin(t.app)
    const other = await smsLogin(t.app)
    const userId = await userIdOf(t.app, student.token)
    const otherId = await userIdOf(t.app, other.token)
    const mine = await mqttConnect(t.url, withToken(student.token))
    expect(await subscribe(mine.client, `session/jsj-habor/browser/${userId}`)).toBe(1)
    const theirs = await mqttConnect(t.url, withToken(other.token))
    expect(await subscribe(theirs.client, `session/jsj-habor/browser/${otherId}`)).toBe(1)
    const taskId = await assignTask(t)
    await until(() => mine.messages.length > 0, SETTLE_MS, 'the notice')
    const [m] = mine.messages
    expect(m!.qos).toBe(0)
    const notice = JSON.parse(m!.payload) as InboxNotified
    expect(notice).toMatchObject({ type: 'notified', unread: 1, entry: { kind: 'task', url: `/task?id=${taskId}` } })
    // The same assignment reached the SMS-only reader's connection with nothing (not in the class).
    await assignTask(t, 'again')
    await until(() => mine.messages.length > 1, SETTLE_MS, 'the second notice')
    expect((JSON.parse(mine.messages[1]!.payload) as InboxNotified).unread).toBe(2)
    expect(theirs.messages).toEqual([])
  })
})
