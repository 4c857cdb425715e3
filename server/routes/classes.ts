/**
 * Class membership (src/contract/classes.ts, teacher.ts): a teacher lists the students whose declared class
 * waits for confirmation — for the classes they teach, and for those no teacher of the organisation
 * teaches — and confirms or refuses them; only a confirmed class's tasks reach the student. Every answer is
 * audited and told to the student in the inbox. See docs/security.md ("Class membership").
 */
import { CODE } from '../../src/contract'
import { ApiError } from '../errors'
import { classTeachers, confirmClass, orgClass, refuseClass, requestingStudent } from '../services/classes'
import type { Notified } from '../services/inbox'
import { classConfirmedMessage, classRefusedMessage } from '../services/pushTexts'
import { audit, checkAnswerer, ensureClass, pendingRows, roleForbidden, seen, teacherOrg } from '../services/teacher'
import type { SessionAccount } from '../services/users'
import type { ApiRoutes } from './provider'
import { entry } from './table'

const routes: ApiRoutes = async (app) => {
  const { db } = app
  const clock = app.config.clock
  const orgName = (acc: SessionAccount, orgId: string) => acc.memberships.find((m) => m.org.id === orgId)?.org.name ?? ''

  app.route({
    ...entry(app, 'classRequests'),
    handler: async (req) => {
      const acc = req.account!
      const org = teacherOrg(acc, req.query.orgCode)
      const now = clock()
      // The requests, and who teaches which class of the organisation (read together): a request shows to
      // its class's teachers, or to every teacher there when nobody teaches it.
      const [pending, taught] = await Promise.all([pendingRows(db, org.id), classTeachers(db, org.id)])
      const key = (grade: string, className: string) => `${grade}\u0000${className}`
      const classes = new Map<string, { id: string; teachers: Set<string> }>()
      for (const r of taught) {
        const c = classes.get(key(r.grade, r.class_name)) ?? { id: r.id, teachers: new Set<string>() }
        if (r.user_id) c.teachers.add(r.user_id)
        classes.set(key(r.grade, r.class_name), c)
      }
      const mine = pending.filter((p) => {
        const c = classes.get(key(p.grade, p.class_name))
        return !c?.teachers.size || c.teachers.has(acc.user.id)
      })
      const shown = await seen(db, mine, now)
      return shown.map((s, i) => {
        const p = mine[i]!
        return {
          studentId: s.studentId,
          name: s.name,
          grade: s.grade,
          className: s.className,
          ageBand: s.ageBand,
          limited: s.limited,
          confirmedGrade: p.confirmed_grade,
          confirmedClassName: p.confirmed_class,
          requestedAt: Number(p.updated_at),
          classId: classes.get(key(p.grade, p.class_name))?.id ?? null,
        }
      })
    },
  })

  /**
   * A confirmation's or refusal's prologue: the caller's organisation, and its student whose declared class
   * is the one given, for the caller to answer; `now` for what the answer writes.
   */
  const requestOf = async (acc: SessionAccount, b: { orgCode: string; studentId: string; grade: string; className: string }) => {
    const org = teacherOrg(acc, b.orgCode)
    const grade = b.grade.trim()
    const className = b.className.trim()
    // A teacher of another class answers nothing of this one, whoever the student is (its refusal comes
    // first; the student is read meanwhile).
    const [, student] = await Promise.all([checkAnswerer(db, acc, org.id, grade, className), requestingStudent(db, org.id, b.studentId, grade, className)])
    if (!student) throw new ApiError(CODE.DATA_EMPTY, 'no student of this organisation asks for this class')
    return { ...student, org, grade, className, now: clock() }
  }

  app.route({
    ...entry(app, 'classConfirm'),
    handler: async (req) => {
      const acc = req.account!
      const { id, user_id, org, grade, className, now } = await requestOf(acc, req.body)
      const notified = await db.transaction().execute(async (trx) => {
        await ensureClass(trx, org.id, grade, className, now)
        // Only the class the student asks for now: a confirmation that crossed a later change of the
        // profile changes nothing.
        if (!(await confirmClass(trx, id, org.id, grade, className))) throw new ApiError(CODE.DATA_EMPTY, 'no student of this organisation asks for this class')
        await audit(trx, { actor: acc.user.id, action: 'class-confirm', subject: id, orgId: org.id, details: { grade, className } }, now)
        return app.inbox.record(trx, [user_id], 'class-confirmed', classConfirmedMessage({ grade, className, orgName: orgName(acc, org.id) }))
      })
      app.inbox.send(notified)
      app.sessions.emitChanged({ users: [user_id] })
      return { grade, className }
    },
  })

  app.route({
    ...entry(app, 'classConfirmAll'),
    handler: async (req) => {
      const acc = req.account!
      const org = teacherOrg(acc, req.body.orgCode)
      const cls = await orgClass(db, org.id, req.body.classId)
      if (!cls) throw roleForbidden()
      await checkAnswerer(db, acc, org.id, cls.grade, cls.class_name)
      const now = clock()
      let notified: Notified | undefined
      const confirmed = await db.transaction().execute(async (trx) => {
        const pending = await pendingRows(trx, org.id, { grade: cls.grade, className: cls.class_name })
        const users: string[] = []
        for (const p of pending) {
          if (!(await confirmClass(trx, p.id, org.id, cls.grade, cls.class_name))) continue
          users.push(p.user_id)
          await audit(trx, { actor: acc.user.id, action: 'class-confirm', subject: p.id, orgId: org.id, details: { grade: cls.grade, className: cls.class_name, all: true } }, now)
        }
        notified = await app.inbox.record(trx, users, 'class-confirmed', classConfirmedMessage({ grade: cls.grade, className: cls.class_name, orgName: orgName(acc, org.id) }))
        return users
      })
      app.inbox.send(notified)
      if (confirmed.length) app.sessions.emitChanged({ users: confirmed })
      return { confirmed: confirmed.length }
    },
  })

  app.route({
    ...entry(app, 'classRefuse'),
    handler: async (req) => {
      const acc = req.account!
      const { id, user_id, org, grade, className, now } = await requestOf(acc, req.body)
      const notified = await db.transaction().execute(async (trx) => {
        await refuseClass(trx, { studentId: id, orgId: org.id, grade, className, by: acc.user.id, now })
        await audit(trx, { actor: acc.user.id, action: 'class-refuse', subject: id, orgId: org.id, details: { grade, className } }, now)
        return app.inbox.record(trx, [user_id], 'class-refused', classRefusedMessage({ grade, className, orgName: orgName(acc, org.id) }))
      })
      app.inbox.send(notified)
      return { refused: true as const }
    },
  })
}

export default routes
