/**
 * Class membership (src/contract/classes.ts): a teacher of an organisation lists the students whose
 * declared class waits for confirmation, and confirms one; only then do that class's tasks reach the
 * student. See docs/security.md ("Class membership").
 */
import { CODE } from '../../src/contract'
import { TEACHER_ROLE } from '../../src/contract/tasks'
import { ApiError } from '../errors'
import type { SessionAccount } from '../services/users'
import type { ApiRoutes } from './provider'
import { entry } from './table'

const routes: ApiRoutes = async (app) => {
  const { db } = app

  /** The organisation whose code is given, when the caller teaches there. */
  const taughtOrg = (acc: SessionAccount, orgCode: string): string => {
    const code = orgCode.trim().toUpperCase()
    const membership = acc.memberships.find((m) => m.org.code === code)
    if (!membership?.roles.includes(TEACHER_ROLE)) throw new ApiError(CODE.TASK_INVALID, 'only a teacher of this organisation may confirm its classes', 403)
    return membership.org.id
  }

  app.route({
    ...entry(app, 'classRequests'),
    handler: async (req) => {
      const orgId = taughtOrg(req.account!, req.query.orgCode)
      const rows = await db
        .selectFrom('students')
        .innerJoin('memberships', 'memberships.student_id', 'students.id')
        .innerJoin('users', 'users.id', 'students.user_id')
        .select(['students.id', 'students.name', 'students.grade', 'students.class_name', 'students.confirmed_grade', 'students.confirmed_class'])
        .where('memberships.org_id', '=', orgId)
        .where('users.status', '=', 'active')
        .where((eb) =>
          eb.or([
            eb('students.confirmed_grade', 'is', null),
            eb('students.confirmed_class', 'is', null),
            eb('students.confirmed_grade', '!=', eb.ref('students.grade')),
            eb('students.confirmed_class', '!=', eb.ref('students.class_name')),
          ]),
        )
        .orderBy('students.updated_at', 'asc')
        .limit(200)
        .execute()
      return rows.map((r) => ({ studentId: r.id, name: r.name, grade: r.grade, className: r.class_name, confirmedGrade: r.confirmed_grade, confirmedClassName: r.confirmed_class }))
    },
  })

  app.route({
    ...entry(app, 'classConfirm'),
    handler: async (req) => {
      const b = req.body
      const orgId = taughtOrg(req.account!, b.orgCode)
      const grade = b.grade.trim()
      const className = b.className.trim()
      // Only the class the student asks for now, and only a student of this organisation: a teacher cannot
      // move anyone, and a confirmation that crossed a later change of the profile changes nothing.
      const done = await db
        .updateTable('students')
        .set({ confirmed_grade: grade, confirmed_class: className })
        .where('id', '=', b.studentId)
        .where('grade', '=', grade)
        .where('class_name', '=', className)
        .where(({ exists, selectFrom }) => exists(selectFrom('memberships').select('memberships.student_id').where('memberships.student_id', '=', b.studentId).where('memberships.org_id', '=', orgId)))
        .executeTakeFirst()
      if (Number(done.numUpdatedRows) !== 1) throw new ApiError(CODE.DATA_EMPTY, 'no student of this organisation asks for this class')
      return { grade, className }
    },
  })
}

export default routes
