/**
 * Web Push sending (docs/notifications.md): a notification is queued in the database in the same
 * transaction as the event that causes it, one row per subscription of each recipient who has not turned
 * that kind off, and sent by whichever node drains the queue first — never inside the request that caused
 * it. A failed send is retried after 1, 5 and 30 minutes, then dropped; a subscription the push service
 * reports gone (404, 410) is deleted with whatever it still had queued.
 */
import { request, type Agent } from 'node:https'
import webpush from 'web-push'
import type { PushKind, PushMessage, PushText } from '../../src/contract/push'
import type { Clock } from '../clock'
import type { Db } from '../db/connect'
import { checkEndpoint, type PushService } from './pushEndpoint'
import type { Trx } from './sessions'

/** Wait before the 2nd, 3rd and 4th try; a 4th failure drops the notification. */
export const PUSH_RETRY_MS = [60_000, 5 * 60_000, 30 * 60_000] as const
/** How long a node owns a row it is sending; a node that dies mid-send frees it after this. */
const CLAIM_MS = 60_000
/** Rows sent per drain; the rest wait for the next one. */
const BATCH = 50
/** Seconds a push service keeps an undelivered notification (a phone off for the night still gets it). */
const TTL_SECONDS = 24 * 3600

export interface Vapid {
  publicKey: string
  privateKey: string
  subject: string
}

export interface PushSenderOptions {
  db: Db
  clock: Clock
  vapid: Vapid
  /** Agent for the push services' HTTPS (tests trust their stand-in's certificate through it). */
  agent?: Agent
  /** Where endpoints may point (checked again before each send: a row may predate a rule). */
  services: readonly PushService[]
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void }
  /** Send on nudges (false: only when drain() is called, as tests with a fake clock do). */
  auto: boolean
  /** Told of each notification a push service took, with the ms since it was queued (/metrics). */
  delivered?: (delayMs: number) => void
}

export interface DrainResult {
  sent: number
  retried: number
  dropped: number
  gone: number
}

type Lang = 'zh-Hans' | 'en'
const langOf = (v: string): Lang => (v === 'en' ? 'en' : 'zh-Hans')

/** What a push service's status means for the notification and its subscription. */
function verdict(status: number | undefined): 'gone' | 'drop' | 'retry' {
  if (status === 404 || status === 410) return 'gone'
  // Refused for what it is (bad request, bad VAPID token, too large): sending it again cannot help.
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) return 'drop'
  return 'retry'
}

export class PushSender {
  private pending: Promise<DrainResult> | null = null
  private again = false

  constructor(private readonly o: PushSenderOptions) {}

  get publicKey(): string {
    return this.o.vapid.publicKey
  }

  /**
   * Queues `message(lang)`, addressed to the subscription's session, for every subscription of `userIds` whose owner has not turned `kind` off.
   * Runs inside the caller's transaction, so a rolled-back event sends nothing. Returns the rows queued.
   */
  async enqueue(trx: Trx, userIds: readonly string[], kind: PushKind, message: (lang: Lang) => PushText, unread?: ReadonlyMap<string, number>): Promise<number> {
    if (!userIds.length) return 0
    const subs = await trx
      .selectFrom('push_subscriptions')
      .innerJoin('sessions', 'sessions.id', 'push_subscriptions.session_id')
      .select(['push_subscriptions.id', 'push_subscriptions.lang', 'push_subscriptions.session_id', 'push_subscriptions.user_id'])
      .where('push_subscriptions.user_id', 'in', [...new Set(userIds)])
      .where('sessions.revoked_at', 'is', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('push_muted').select('kind').whereRef('push_muted.user_id', '=', 'push_subscriptions.user_id').where('push_muted.kind', '=', kind))))
      .execute()
    if (!subs.length) return 0
    const now = this.o.clock()
    await trx
      .insertInto('push_queue')
      .values(subs.map((s) => ({ id: crypto.randomUUID(), subscription_id: s.id, payload: JSON.stringify({ ...message(langOf(s.lang)), session: s.session_id, unread: unread?.get(s.user_id) } satisfies PushMessage), attempts: 0, next_at: now, claimed_until: 0, created_at: now })))
      .execute()
    return subs.length
  }

  /** Drain soon, after the caller's response; repeated calls while one runs make one more pass. */
  nudge(): void {
    if (!this.o.auto) return
    if (this.pending) {
      this.again = true
      return
    }
    setImmediate(() => {
      if (!this.closed) void this.drain().catch((err: unknown) => this.o.log.warn({ err }, 'push: drain failed'))
    })
  }

  private closed = false

  /** No more drains; resolves when the one running (if any) has finished. */
  async close(): Promise<void> {
    this.closed = true
    while (this.pending) await this.pending.catch(() => undefined)
  }

  /** Sends what is due now. One drain at a time per node; other nodes are kept off by the claim. */
  drain(): Promise<DrainResult> {
    if (this.pending) {
      this.again = true
      return this.pending
    }
    const run = async (): Promise<DrainResult> => {
      const total: DrainResult = { sent: 0, retried: 0, dropped: 0, gone: 0 }
      do {
        this.again = false
        const r = await this.pass()
        for (const k of Object.keys(total) as (keyof DrainResult)[]) total[k] += r[k]
      } while (this.again)
      return total
    }
    this.pending = run().finally(() => {
      this.pending = null
    })
    return this.pending
  }

  private async pass(): Promise<DrainResult> {
    const { db, clock } = this.o
    const now = clock()
    const due = await db
      .selectFrom('push_queue')
      .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_queue.subscription_id')
      .select(['push_queue.id', 'push_queue.payload', 'push_queue.attempts', 'push_queue.claimed_until', 'push_queue.created_at', 'push_subscriptions.id as sub_id', 'push_subscriptions.endpoint', 'push_subscriptions.p256dh', 'push_subscriptions.auth'])
      .where('push_queue.next_at', '<=', now)
      .where('push_queue.claimed_until', '<=', now)
      .orderBy('push_queue.next_at')
      .limit(BATCH)
      .execute()
    const result: DrainResult = { sent: 0, retried: 0, dropped: 0, gone: 0 }
    await Promise.all(
      due.map(async (row) => {
        // The claim: only the node whose update changes the row sends it.
        const claim = await db
          .updateTable('push_queue')
          .set({ claimed_until: now + CLAIM_MS })
          .where('id', '=', row.id)
          .where('claimed_until', '=', row.claimed_until)
          .executeTakeFirst()
        if (Number(claim.numUpdatedRows) !== 1) return
        const outcome = await this.send(row)
        if (outcome === 'sent') {
          result.sent++
          this.o.delivered?.(clock() - Number(row.created_at))
          await db.deleteFrom('push_queue').where('id', '=', row.id).execute()
        } else if (outcome === 'gone') {
          result.gone++
          // Its queued rows go with it (the foreign key cascades).
          await db.deleteFrom('push_subscriptions').where('id', '=', row.sub_id).execute()
        } else if (outcome === 'drop' || row.attempts >= PUSH_RETRY_MS.length) {
          result.dropped++
          await db.deleteFrom('push_queue').where('id', '=', row.id).execute()
          this.o.log.warn({ subscription: row.sub_id, attempts: row.attempts + 1 }, 'push: notification dropped')
        } else {
          result.retried++
          await db
            .updateTable('push_queue')
            .set({ attempts: row.attempts + 1, next_at: clock() + PUSH_RETRY_MS[row.attempts]!, claimed_until: 0 })
            .where('id', '=', row.id)
            .execute()
        }
      }),
    )
    return result
  }

  private async send(row: { payload: string; endpoint: string; p256dh: string; auth: string; sub_id: string }): Promise<'sent' | 'gone' | 'drop' | 'retry'> {
    const checked = checkEndpoint(row.endpoint, this.o.services)
    // Stored before the rule, or the rule changed: never contacted, and the subscription goes.
    if (!checked.ok) {
      this.o.log.warn({ subscription: row.sub_id, why: checked.why }, 'push: endpoint no longer allowed, subscription removed')
      return 'gone'
    }
    const url = checked.url
    let status: number | undefined
    try {
      // web-push builds the encrypted body and the VAPID headers; the request goes to the URL checked above
      // (web-push's own sender would parse the endpoint again, with another parser).
      const details = webpush.generateRequestDetails({ endpoint: url.href, keys: { p256dh: row.p256dh, auth: row.auth } }, row.payload, {
        vapidDetails: this.o.vapid,
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      })
      status = await new Promise<number>((resolve, reject) => {
        const req = request(
          {
            hostname: url.hostname,
            port: url.port || 443,
            path: `${url.pathname}${url.search}`,
            method: details.method,
            headers: details.headers,
            timeout: 10_000,
            ...(this.o.agent ? { agent: this.o.agent } : {}),
          },
          (res) => {
            res.resume()
            res.on('end', () => resolve(res.statusCode ?? 0))
            res.on('error', reject)
          },
        )
        req.on('timeout', () => req.destroy(new Error('push service timed out')))
        req.on('error', reject)
        req.end(details.body ?? undefined)
      })
    } catch {
      status = undefined
    }
    if (status !== undefined && status >= 200 && status < 300) return 'sent'
    // The endpoint is a capability URL: it never reaches the log, only the subscription's id.
    this.o.log.info({ subscription: row.sub_id, status: status ?? 'network' }, 'push: send failed')
    return verdict(status)
  }
}

/** VAPID keys made once and kept (a node stores them in server_secrets; see server/plugins/push.ts). */
export const newVapidKeys = (): { publicKey: string; privateKey: string } => webpush.generateVAPIDKeys()

// ---- subscriptions and settings (routes/push.ts) ------------------------------------------------------

/** The kinds the account has turned off. */
export async function mutedKinds(db: Trx, userId: string): Promise<Set<string>> {
  return new Set((await db.selectFrom('push_muted').select('kind').where('user_id', '=', userId).execute()).map((r) => r.kind))
}

/** Turns each kind on or off for the account, in the caller's transaction. */
export async function setMuted(trx: Trx, userId: string, kinds: readonly (readonly [PushKind, boolean])[]): Promise<void> {
  for (const [kind, on] of kinds) {
    if (on) await trx.deleteFrom('push_muted').where('user_id', '=', userId).where('kind', '=', kind).execute()
    else await trx.insertInto('push_muted').values({ user_id: userId, kind }).onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing()).execute()
  }
}

/**
 * Stores the session's subscription and returns its id. An endpoint belongs to one session (a browser
 * that signed in again has moved to the new one), and a session has one: a second store (a new key, two
 * tabs at once) replaces it in place.
 */
export async function saveSubscription(
  db: Db,
  s: { sessionId: string; userId: string; endpoint: string; p256dh: string; auth: string; lang: string; now: number },
): Promise<string> {
  const stored = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('push_subscriptions').where('endpoint', '=', s.endpoint).where('session_id', '!=', s.sessionId).execute()
    const row = { endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, lang: s.lang, created_at: s.now }
    await trx
      .insertInto('push_subscriptions')
      .values({ id: crypto.randomUUID(), session_id: s.sessionId, user_id: s.userId, ...row })
      .onConflict((oc) => oc.column('session_id').doUpdateSet(row))
      .execute()
    return trx.selectFrom('push_subscriptions').select('id').where('session_id', '=', s.sessionId).executeTakeFirstOrThrow()
  })
  return stored.id
}

export async function dropSubscription(db: Trx, sessionId: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('session_id', '=', sessionId).execute()
}
