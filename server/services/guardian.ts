/**
 * Children under 14 (docs/privacy.md, docs/security.md "Children under 14"): the account's age and its
 * guardian's consent, the limits of an account without one (server truth: every public write and public
 * read asks here), making everything private again, the guardian page's sessions, and the export.
 */
import { ADULT_AGE, CHILDREN_RULES_VERSION, isUnderAge, isUnderConsentAge, type GuardianChildSummary, type GuardianStatus, type LimitReason } from '../../src/contract/guardian'
import { sql } from 'kysely'
import type { Db } from '../db/connect'
import type { GuardianConsentTable } from '../db/schema'
import { keysDb } from './idempotency'
import { randomToken, sha256Hex } from './crypto'
import type { Sessions, Trx } from './sessions'
import { birthFrom, consentFrom, isCurrentConsent, isStaffRoles, limitFrom, NEWEST_CONSENT, type Birth, type GuardianFacts } from './limits'
import { deleteAccount, parseList } from './users'

/** How long the guardian page's sign-in lasts. */
export const GUARDIAN_SESSION_MS = 30 * 60_000

export type { Birth }

export async function birthOf(db: Trx, userId: string): Promise<Birth | null> {
  return birthFrom(await db.selectFrom('students').select(['birth_year', 'birth_month']).where('user_id', '=', userId).executeTakeFirst())
}

/** The account's newest consent row, whatever its state. */
export const latestConsent = (db: Trx, userId: string): Promise<GuardianConsentTable | undefined> =>
  db.selectFrom('guardian_consents').selectAll().where('user_id', '=', userId).orderBy('consented_at', 'desc').orderBy('id').limit(1).executeTakeFirst()

/**
 * What the limited rule (services/limits.ts) needs of each account among `userIds`, in one query: its age,
 * its newest consent and its memberships' roles (one row per membership). An account without a student
 * row is not in the map.
 */
async function factsOf(db: Trx, userIds: readonly string[]): Promise<Map<string, GuardianFacts>> {
  const facts = new Map<string, GuardianFacts>()
  if (userIds.length === 0) return facts
  const rows = await db
    .selectFrom('students as s')
    .leftJoin('guardian_consents as c', (join) => join.onRef('c.user_id', '=', 's.user_id').on(NEWEST_CONSENT))
    .leftJoin('memberships as m', 'm.student_id', 's.id')
    .select(['s.user_id', 's.birth_year', 's.birth_month', 'c.rules_version as c_rules_version', 'c.consented_at as c_consented_at', 'c.withdrawn_at as c_withdrawn_at', 'c.guardian_phone as c_guardian_phone', 'm.roles'])
    .where('s.user_id', 'in', [...userIds])
    .execute()
  for (const r of rows) {
    const known = facts.get(r.user_id)
    const staff = r.roles !== null && isStaffRoles([parseList(r.roles)])
    if (known) known.staff ||= staff
    else facts.set(r.user_id, { staff, birth: birthFrom(r), consent: consentFrom(r) })
  }
  return facts
}

/** An account without a student row has no age yet (the routes that write refuse it earlier on their own; a registration token writes nothing). */
const limitOfFacts = (f: GuardianFacts | undefined, now: number): LimitReason | null => (f ? limitFrom(f, now) : 'age-unknown')

/** Why each account among `userIds` may make nothing public (null: it may), in one query, by the one rule of services/limits.ts. */
export async function limitsOf(db: Trx, userIds: readonly string[], now: number): Promise<Map<string, LimitReason | null>> {
  const facts = await factsOf(db, userIds)
  return new Map(userIds.map((id) => [id, limitOfFacts(facts.get(id), now)]))
}

/** `limitsOf` for one account. */
export async function limitOf(db: Trx, userId: string, now: number): Promise<LimitReason | null> {
  return limitOfFacts((await factsOf(db, [userId])).get(userId), now)
}

/** The status of GET /guardian/status from the facts of the rule (the sign-in check's, or `statusOf`'s read). */
export function statusFrom(f: GuardianFacts, now: number): GuardianStatus {
  const under14 = !f.staff && f.birth ? isUnderConsentAge(f.birth, now) : false
  const c = f.consent
  const consent = isCurrentConsent(c) ? { rulesVersion: c.rulesVersion, consentedAt: c.consentedAt, guardianPhoneTail: c.guardianPhone.slice(-4) } : null
  return { birth: f.birth, under14, consent, limited: limitFrom(f, now), rulesVersion: CHILDREN_RULES_VERSION }
}

/** The status read afresh (after a change made by this call), in one query. */
export async function statusOf(db: Trx, userId: string, now: number): Promise<GuardianStatus> {
  return statusFrom((await factsOf(db, [userId])).get(userId) ?? { staff: false, birth: null, consent: null }, now)
}

/**
 * Makes everything of the account private: its cards, reports, reading records, works and recordings.
 * Used when a consent is withdrawn and when an under-14 age is given without one.
 */
export async function makePrivate(trx: Db, userId: string, now: number): Promise<void> {
  await trx.updateTable('cards').set({ shareable: 0, updated_at: now }).where('user_id', '=', userId).where('shareable', '=', 1).execute()
  await trx.updateTable('reports').set({ shareable: 0 }).where('user_id', '=', userId).where('shareable', '=', 1).execute()
  const student = await trx.selectFrom('students').select('id').where('user_id', '=', userId).executeTakeFirst()
  if (!student) return
  for (const table of ['reading_records', 'works', 'sounds'] as const) {
    await trx.updateTable(table).set({ shareable: 0, updated_at: now }).where('student_id', '=', student.id).where('shareable', '=', 1).execute()
  }
}

// ---- the guardian's page ------------------------------------------------------------------------------

export async function openGuardianSession(db: Db, phone: string, now: number): Promise<string> {
  const token = randomToken(32)
  await db.deleteFrom('guardian_sessions').where('expires_at', '<=', now).execute()
  await db.insertInto('guardian_sessions').values({ token_hash: sha256Hex(token), phone, created_at: now, expires_at: now + GUARDIAN_SESSION_MS }).execute()
  return token
}

/** The phone a live guardian token proved and when the sign-in ends, or null. */
export async function guardianSessionOf(db: Db, token: string, now: number): Promise<{ phone: string; expiresAt: number } | null> {
  const row = await db.selectFrom('guardian_sessions').select(['phone', 'expires_at']).where('token_hash', '=', sha256Hex(token)).executeTakeFirst()
  return row && Number(row.expires_at) > now ? { phone: row.phone, expiresAt: Number(row.expires_at) } : null
}

/** Ends a guardian page's sign-in (退出); an unknown token ends nothing. */
export async function closeGuardianSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('guardian_sessions').where('token_hash', '=', sha256Hex(token)).execute()
}

/**
 * Why `phone` cannot be a child's guardian, or null when it can (docs/privacy.md "Guardian consent"): it
 * is the number of an account under 18, or of an account that is only a student (no teacher role and no
 * adult age given). A staff account (the teacher role) and an adult's are taken; so is a number with no
 * account, or an account that never made a profile.
 */
export async function guardianPhoneRefusal(db: Db, phone: string, now: number): Promise<'child' | null> {
  const student = await db
    .selectFrom('users')
    .innerJoin('students', 'students.user_id', 'users.id')
    .select(['students.id', 'students.birth_year', 'students.birth_month'])
    .where('users.phone', '=', phone)
    .where('users.status', '=', 'active')
    .executeTakeFirst()
  if (!student) return null
  const birth = birthFrom(student)
  if (birth && isUnderAge(birth, now, ADULT_AGE)) return 'child'
  const memberships = await db.selectFrom('memberships').select('roles').where('student_id', '=', student.id).execute()
  const staff = isStaffRoles(memberships.map((m) => parseList(m.roles)))
  return staff || birth ? null : 'child'
}

/** A number as the export shows another guardian's: `139****0000` (docs/privacy.md). */
export const maskPhone = (phone: string): string => {
  const bare = phone.replace(/^\+86/, '')
  return `${bare.slice(0, 3)}****${bare.slice(-4)}`
}

/** The newest `at` of `rows`, or null. */
const newest = (rows: readonly { at: number | string }[]): number | null => (rows.length ? Math.max(...rows.map((r) => Number(r.at))) : null)

/** What the guardian's page shows of a child's data: counts and dates (the export holds everything). */
export async function summaryOf(db: Db, userId: string): Promise<GuardianChildSummary> {
  // Independent reads, sent together (on PostgreSQL each is a round trip).
  const [user, reading, cards, recordings, reports] = await Promise.all([
    db
      .selectFrom('users')
      .leftJoin('students', 'students.user_id', 'users.id')
      .select(['users.created_at', 'students.birth_year', 'students.birth_month'])
      .where('users.id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('reading_records')
      .innerJoin('students', 'students.id', 'reading_records.student_id')
      .innerJoin('books', 'books.id', 'reading_records.book_id')
      .select(['books.title', 'reading_records.read_at as at', 'reading_records.minutes'])
      .where('students.user_id', '=', userId)
      .where('reading_records.deleted_at', 'is', null)
      .orderBy('reading_records.read_at', 'desc')
      .execute(),
    db.selectFrom('cards').select(['created_at as at', 'shareable']).where('user_id', '=', userId).where('deleted_at', 'is', null).execute(),
    db.selectFrom('card_audio').select(['created_at as at', 'duration_ms']).where('owner_user_id', '=', userId).execute(),
    db.selectFrom('reports').select(['created_at as at', 'year', 'shareable']).where('user_id', '=', userId).orderBy('year').execute(),
  ])
  return {
    reading: {
      count: reading.length,
      last: newest(reading),
      minutes: reading.reduce((n, r) => n + Number(r.minutes), 0),
      recent: reading.slice(0, 3).map((r) => ({ book: r.title, at: Number(r.at), minutes: Number(r.minutes) })),
    },
    cards: { count: cards.length, last: newest(cards), shared: cards.filter((c) => Number(c.shareable) === 1).length },
    reports: { count: reports.length, last: newest(reports), years: reports.map((r) => Number(r.year)), shared: reports.filter((r) => Number(r.shareable) === 1).length },
    recordings: { count: recordings.length, last: newest(recordings), seconds: Math.round(recordings.reduce((n, r) => n + Number(r.duration_ms), 0) / 1000) },
    since: Number(user.created_at),
    birth: birthFrom(user),
  }
}

/**
 * The children a guardian's phone may act for: active accounts whose newest consent row is this phone's
 * (a withdrawn or outdated one still lets the guardian see, export and delete).
 */
export async function childrenOf(db: Db, phone: string): Promise<{ id: string; name: string; consent: 'given' | 'withdrawn' | 'outdated'; summary: GuardianChildSummary }[]> {
  const rows = await db
    .selectFrom('guardian_consents')
    .innerJoin('users', 'users.id', 'guardian_consents.user_id')
    .select(['guardian_consents.user_id'])
    .where('guardian_consents.guardian_phone', '=', phone)
    .where('users.status', '=', 'active')
    .distinct()
    .execute()
  // Each child's reads are independent of the others': they go together.
  const children = await Promise.all(
    rows.map(async ({ user_id }) => {
      const [c, s, summary] = await Promise.all([latestConsent(db, user_id), db.selectFrom('students').select('name').where('user_id', '=', user_id).executeTakeFirst(), summaryOf(db, user_id)])
      if (!c || c.guardian_phone !== phone) return null
      return { id: user_id, name: s?.name ?? '', consent: c.withdrawn_at !== null ? ('withdrawn' as const) : c.rules_version === CHILDREN_RULES_VERSION ? ('given' as const) : ('outdated' as const), summary }
    }),
  )
  return children.filter((c) => c !== null).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString())

/** Everything the app holds about a child, as one JSON object (docs/privacy.md lists the same fields). */
export async function exportOf(db: Db, userId: string, guardianPhone: string): Promise<Record<string, unknown>> {
  const user = await db.selectFrom('users').select(['id', 'phone', 'created_at']).where('id', '=', userId).executeTakeFirstOrThrow()
  const student = await db.selectFrom('students').selectAll().where('user_id', '=', userId).executeTakeFirst()
  const sid = student?.id ?? ''
  const memberships = await db
    .selectFrom('memberships')
    .innerJoin('orgs', 'orgs.id', 'memberships.org_id')
    .select(['orgs.code', 'orgs.name', 'memberships.roles', 'memberships.created_at'])
    .where('memberships.student_id', '=', sid)
    .execute()
  const reading = await db
    .selectFrom('reading_records')
    .innerJoin('books', 'books.id', 'reading_records.book_id')
    .select(['reading_records.id', 'books.title', 'books.author', 'reading_records.read_at', 'reading_records.minutes', 'reading_records.pages', 'reading_records.notes', 'reading_records.shareable'])
    .where('reading_records.student_id', '=', sid)
    .where('reading_records.deleted_at', 'is', null)
    .orderBy('reading_records.read_at')
    .execute()
  const works = await db.selectFrom('works').select(['id', 'title', 'body', 'shareable', 'created_at']).where('student_id', '=', sid).where('deleted_at', 'is', null).execute()
  const cards = await db.selectFrom('cards').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null).orderBy('created_at').execute()
  const recordings = await db.selectFrom('card_audio').select(['id', 'mime', 'size', 'duration_ms', 'created_at']).where('owner_user_id', '=', userId).orderBy('created_at').execute()
  const reports = await db.selectFrom('reports').selectAll().where('user_id', '=', userId).orderBy('year').execute()
  const tasksDone = await db
    .selectFrom('task_completions')
    .innerJoin('tasks', 'tasks.id', 'task_completions.task_id')
    .select(['tasks.id', 'tasks.title', 'task_completions.done_at'])
    .where('task_completions.student_id', '=', sid)
    .execute()
  const notifications = await db.selectFrom('inbox').select(['id', 'kind', 'texts', 'created_at', 'read_at']).where('user_id', '=', userId).orderBy('created_at').execute()
  const consents = await db.selectFrom('guardian_consents').selectAll().where('user_id', '=', userId).orderBy('consented_at').execute()
  const invited = await db.selectFrom('invitations').select(['code', 'created_at']).where('invitee_user_id', '=', userId).executeTakeFirst()
  return {
    exportedFor: userId,
    account: { phone: user.phone, createdAt: iso(user.created_at) },
    profile: student
      ? {
          name: student.name,
          grade: student.grade,
          className: student.class_name,
          confirmedClass: student.confirmed_grade === null ? null : `${student.confirmed_grade} ${student.confirmed_class ?? ''}`.trim(),
          birth: student.birth_year === null ? null : { year: Number(student.birth_year), month: Number(student.birth_month) },
          birthDeclared: student.birth_declared_by === null ? null : { by: student.birth_declared_by, at: iso(student.birth_declared_at) },
          createdAt: iso(student.created_at),
        }
      : null,
    organisations: memberships.map((m) => ({ code: m.code, name: m.name, roles: JSON.parse(m.roles) as unknown, joinedAt: iso(m.created_at) })),
    readingRecords: reading.map((r) => ({ id: r.id, book: r.title, author: r.author, readAt: iso(r.read_at), minutes: Number(r.minutes), pages: Number(r.pages), notes: r.notes, shared: r.shareable === 1 })),
    works: works.map((w) => ({ id: w.id, title: w.title, body: w.body, shared: w.shareable === 1, createdAt: iso(w.created_at) })),
    cards: cards.map((c) => ({ id: c.id, design: c.design, to: c.recipient, message: c.message, recording: c.audio_id, shared: c.shareable === 1, createdAt: iso(c.created_at) })),
    recordings: recordings.map((r) => ({ id: r.id, mime: r.mime, size: Number(r.size), durationMs: Number(r.duration_ms), createdAt: iso(r.created_at) })),
    reports: reports.map((r) => ({ id: r.id, year: Number(r.year), shared: r.shareable === 1, figures: JSON.parse(r.figures) as unknown, createdAt: iso(r.created_at) })),
    tasksDone: tasksDone.map((t) => ({ id: t.id, title: t.title, doneAt: iso(t.done_at) })),
    notifications: notifications.map((n) => ({ id: n.id, kind: n.kind, texts: JSON.parse(n.texts) as unknown, at: iso(n.created_at), readAt: iso(n.read_at) })),
    invitedWith: invited ? { code: invited.code, at: iso(invited.created_at) } : null,
    // The requesting guardian's own records in full; another guardian's number is not theirs to read.
    consents: consents.map((c) => ({ guardianPhone: c.guardian_phone === guardianPhone ? c.guardian_phone : maskPhone(c.guardian_phone), rulesVersion: c.rules_version, consentedAt: iso(c.consented_at), withdrawnAt: iso(c.withdrawn_at) })),
  }
}

/**
 * Deleting an account with everything it made (the guardian's deletion and the student's own, POST
 * /logout/cancel): cards and their recordings, reports, notifications, consents, the audit rows about it
 * and the classes it taught go with the profile (whose reading records, works, recordings, tasks read and
 * done and class refusals go with it); the user row stays a tombstone (services/users.ts); the idempotency
 * rows go too (their answers hold the name, grade and class). Returns the ended sessions, the recording
 * files to remove once committed, and the guardian whose consent this ends (to be told by a notice once
 * committed), if any.
 */
export async function eraseAccount(trx: Db, sessions: Sessions, userId: string, now: number): Promise<{ ended: string[]; keys: string[]; guardian: string | null }> {
  const consent = await latestConsent(trx, userId)
  const guardian = consent && consent.withdrawn_at === null ? consent.guardian_phone : null
  await keysDb(trx).deleteFrom('idempotency_keys').where('user_id', '=', userId).execute()
  const audio = await trx.selectFrom('card_audio').select(['id', 'key']).where('owner_user_id', '=', userId).execute()
  await trx.updateTable('cards').set({ audio_id: null, shareable: 0, message: '', recipient: '', deleted_at: now, updated_at: now }).where('user_id', '=', userId).execute()
  await trx.deleteFrom('card_audio').where('owner_user_id', '=', userId).execute()
  await trx.deleteFrom('reports').where('user_id', '=', userId).execute()
  await trx.deleteFrom('inbox').where('user_id', '=', userId).execute()
  await trx.deleteFrom('guardian_consents').where('user_id', '=', userId).execute()
  // The audit rows about the student go with it; those of a teacher's own acts stay (the school's record)
  // without naming the deleted account. Task reads and refusals go with the profile (foreign keys).
  const student = await trx.selectFrom('students').select('id').where('user_id', '=', userId).executeTakeFirst()
  if (student) await trx.deleteFrom('audit_log').where('subject', '=', student.id).execute()
  await trx.updateTable('audit_log').set({ actor_user_id: null }).where('actor_user_id', '=', userId).execute()
  await trx.deleteFrom('teacher_classes').where('user_id', '=', userId).execute()
  return { ended: await deleteAccount(trx, sessions, userId, now), keys: audio.map((a) => a.key), guardian }
}

// ---- the writes of the guardian routes (server/routes/guardian.ts) ------------------------------------

/** Advisory-lock class (PostgreSQL) that orders the consents of one account: "only one current" holds on every node. */
const CONSENT_LOCK = 7311

/** Orders the consent writes of one account on PostgreSQL (SQLite runs one transaction at a time already). */
export async function lockConsents(trx: Trx, kind: 'sqlite' | 'postgres', userId: string): Promise<void> {
  if (kind === 'postgres') await sql`select pg_advisory_xact_lock(cast(${CONSENT_LOCK} as integer), hashtext(${userId}))`.execute(trx)
}

/** The student's own month of birth, given once: false when one is known already. */
export async function declareBirth(trx: Trx, userId: string, birth: { year: number; month: number }, now: number): Promise<boolean> {
  const r = await trx.updateTable('students').set({ birth_year: birth.year, birth_month: birth.month, birth_declared_by: 'student', birth_declared_at: now, updated_at: now }).where('user_id', '=', userId).where('birth_year', 'is', null).executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** A guardian's consent to the current rules. */
export async function recordConsent(trx: Trx, userId: string, guardianPhone: string, now: number): Promise<void> {
  await trx.insertInto('guardian_consents').values({ id: crypto.randomUUID(), user_id: userId, guardian_phone: guardianPhone, rules_version: CHILDREN_RULES_VERSION, consented_at: now, withdrawn_at: null }).execute()
}

/** A consent withdrawn on the guardian's page. */
export async function withdrawConsent(trx: Trx, consentId: string, now: number): Promise<void> {
  await trx.updateTable('guardian_consents').set({ withdrawn_at: now }).where('id', '=', consentId).execute()
}

/** The guardian's correction of the child's profile; `declared` marks the age as the guardian's when it changed. */
export async function setChildProfile(
  trx: Trx,
  userId: string,
  p: { name: string; grade: string; className: string; year: number; month: number },
  declared: { birth_declared_by?: 'guardian'; birth_declared_at?: number },
  now: number,
): Promise<void> {
  await trx.updateTable('students').set({ name: p.name, grade: p.grade, class_name: p.className, birth_year: p.year, birth_month: p.month, ...declared, updated_at: now }).where('user_id', '=', userId).execute()
}

/** One of the child's recordings, for the guardian's download. */
export const childRecording = (db: Trx, userId: string, audioId: string): Promise<{ key: string; mime: string } | undefined> =>
  db.selectFrom('card_audio').select(['key', 'mime']).where('id', '=', audioId).where('owner_user_id', '=', userId).executeTakeFirst()
