/**
 * The notification inbox (docs/notifications.md). `record` runs inside the notifying event's transaction:
 * one entry per recipient, whether or not they have a push subscription, and the Web Push rows beside
 * them (server/services/push.ts), so a rolled-back event leaves neither. `send`, called after the commit,
 * publishes each new entry on its recipient's live session topics (the embedded broker's emitter carries
 * it to whichever node holds the connection) and nudges the push sender. Listing pages by
 * (created_at, id), newest first, so entries added between two pages never shift the second.
 */
import type { InboxEntry, InboxNotified, InboxPage, InboxTexts } from '../../src/contract/inbox'
import { INBOX_PAGE_DEFAULT, type InboxKind } from '../../src/contract/inbox'
import type { PushText } from '../../src/contract/push'
import { sessionTopic } from '../broker/acl'
import type { Clock } from '../clock'
import type { Db } from '../db/connect'
import type { InboxTable } from '../db/schema'
import type { PushSender } from './push'
import type { Trx } from './sessions'

type Lang = 'zh-Hans' | 'en'

/** What an event recorded, for `send` once its transaction has committed. */
export interface Notified {
  entries: { userId: string; entry: InboxEntry }[]
  queued: number
}

export interface InboxOptions {
  db: Db
  clock: Clock
  push: PushSender
  /** Publishes on a live session topic (the broker plugin's publisher). */
  publish: (topic: string, payload: string) => Promise<void>
  log: { warn(obj: object, msg: string): void }
}

const entryOf = (r: InboxTable): InboxEntry => ({
  id: r.id,
  kind: r.kind as InboxKind,
  url: r.url,
  texts: JSON.parse(r.texts) as InboxTexts,
  createdAt: Number(r.created_at),
  readAt: r.read_at === null ? null : Number(r.read_at),
})

export const cursorOf = (e: { createdAt: number; id: string }): string => `${e.createdAt}.${e.id}`

export class Inbox {
  constructor(private readonly o: InboxOptions) {}

  /**
   * Writes an entry of `kind` for each of `userIds` and queues the Web Push of those who have not turned
   * the message's push kind off, in the caller's transaction. The texts are kept in both languages: the
   * student may switch.
   */
  async record(trx: Trx, userIds: readonly string[], kind: InboxKind, message: (lang: Lang) => PushText): Promise<Notified> {
    const users = [...new Set(userIds)]
    if (!users.length) return { entries: [], queued: 0 }
    const zh = message('zh-Hans')
    const en = message('en')
    const texts: InboxTexts = { 'zh-Hans': { title: zh.title, body: zh.body }, en: { title: en.title, body: en.body } }
    const now = this.o.clock()
    const rows: InboxTable[] = users.map((userId) => ({ id: crypto.randomUUID(), user_id: userId, kind, url: zh.url, texts: JSON.stringify(texts), created_at: now, read_at: null }))
    await trx.insertInto('inbox').values(rows).execute()
    // The push carries the recipient's unread count as the icon's badge: the inbox's, not a tally.
    const queued = await this.o.push.enqueue(trx, users, zh.kind, message, await this.unreadOf(users, trx))
    return { entries: rows.map((r) => ({ userId: r.user_id, entry: entryOf(r) })), queued }
  }

  /** After the commit: live to every open session of each recipient, and Web Push soon. Never throws. */
  send(notified: Notified | undefined): void {
    if (!notified?.entries.length) return
    if (notified.queued) this.o.push.nudge()
    this.publish(notified).catch((err: unknown) => this.o.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'inbox: live notice not published'))
  }

  private async publish(n: Notified): Promise<void> {
    const { db } = this.o
    const users = [...new Set(n.entries.map((e) => e.userId))]
    const [counts, sessions] = await Promise.all([this.unreadOf(users), db.selectFrom('sessions').select(['user_id', 'app_id', 'device_type']).distinct().where('user_id', 'in', users).where('revoked_at', 'is', null).execute()])
    await Promise.all(
      n.entries.flatMap(({ userId, entry }) => {
        const notice: InboxNotified = { type: 'notified', entry, unread: counts.get(userId) ?? 0 }
        const payload = JSON.stringify(notice)
        return sessions.filter((s) => s.user_id === userId).map((s) => this.o.publish(sessionTopic(s.app_id, s.device_type, userId), payload))
      }),
    )
  }

  /**
   * A live message (not an inbox entry) to every open session of each of `userIds`, such as a teacher's
   * TeacherLive; through the same shared publisher, so it reaches whichever node holds the connection.
   * Call after the commit. Never throws.
   */
  live(userIds: readonly string[], message: object): void {
    const users = [...new Set(userIds)]
    if (!users.length) return
    const payload = JSON.stringify(message)
    void (async () => {
      const sessions = await this.o.db.selectFrom('sessions').select(['user_id', 'app_id', 'device_type']).distinct().where('user_id', 'in', users).where('revoked_at', 'is', null).execute()
      await Promise.all(sessions.map((s) => this.o.publish(sessionTopic(s.app_id, s.device_type, s.user_id), payload)))
    })().catch((err: unknown) => this.o.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'inbox: live message not published'))
  }

  private async unreadOf(users: readonly string[], trx: Trx = this.o.db): Promise<Map<string, number>> {
    const rows = await trx
      .selectFrom('inbox')
      .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', 'in', users)
      .where('read_at', 'is', null)
      .groupBy('user_id')
      .execute()
    return new Map(rows.map((r) => [r.user_id, Number(r.n)]))
  }

  async unread(userId: string): Promise<number> {
    return (await this.unreadOf([userId])).get(userId) ?? 0
  }

  /** A page of `userId`'s entries, newest first, after `cursor` (`<createdAt>.<id>` of the last one seen). */
  async list(userId: string, cursor: string | undefined, limit = INBOX_PAGE_DEFAULT): Promise<InboxPage> {
    let q = this.o.db.selectFrom('inbox').selectAll().where('user_id', '=', userId)
    if (cursor) {
      const dot = cursor.indexOf('.')
      const at = Number(cursor.slice(0, dot))
      const id = cursor.slice(dot + 1)
      q = q.where((eb) => eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]))
    }
    const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute()
    const entries = rows.slice(0, limit).map(entryOf)
    const last = entries[entries.length - 1]
    return { entries, next: rows.length > limit && last ? cursorOf(last) : null, unread: await this.unread(userId) }
  }

  /** Marks one of `userId`'s entries read; false when `userId` has no such entry. */
  async markRead(userId: string, id: string): Promise<boolean> {
    const row = await this.o.db.selectFrom('inbox').select(['id', 'read_at']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
    if (!row) return false
    if (row.read_at === null) await this.o.db.updateTable('inbox').set({ read_at: this.o.clock() }).where('id', '=', id).where('user_id', '=', userId).where('read_at', 'is', null).execute()
    return true
  }

  /** 全部已读: every entry of `userId` up to now. */
  async markAllRead(userId: string): Promise<void> {
    const now = this.o.clock()
    await this.o.db.updateTable('inbox').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null).where('created_at', '<=', now).execute()
  }
}
