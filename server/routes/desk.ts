/**
 * Home's desk (GET /home/desk): the signed-in student's recent reading, works and open tasks (of the
 * current organisation, as chosen by Org-ID, and the student's class), the 2023 report and the count of
 * people who joined with the invitation. One call, so Home fills its sections with one round trip.
 */
import { CODE } from '../../src/contract'
import { DESK_LIMIT } from '../../src/contract/desk'
import { REPORT_YEAR } from '../../src/contract/report'
import { ApiError } from '../errors'
import { membershipsOf } from '../services/users'
import type { ApiRoutes } from './provider'
import { entry } from './table'

const routes: ApiRoutes = async (app) => {
  const o = app.config
  const db = app.db

  app.route({
    ...entry(app, 'desk'),
    handler: async (req) => {
      const auth = req.auth!
      const student = await db.selectFrom('students').select(['id', 'confirmed_grade', 'confirmed_class']).where('user_id', '=', auth.sub).executeTakeFirst()
      if (!student) throw new ApiError(CODE.USER_NOT_FOUND, 'account does not exist')
      const ms = await membershipsOf(app.db, student.id)
      const orgId = auth.orgId ?? (ms.find((m) => m.primary) ?? ms[0])?.org.id ?? null
      const now = o.clock()

      const reading = await db
        .selectFrom('reading_records')
        .innerJoin('books', 'books.id', 'reading_records.book_id')
        .select(['reading_records.id', 'books.title', 'books.author', 'reading_records.minutes', 'reading_records.pages', 'reading_records.read_at'])
        .where('reading_records.student_id', '=', student.id)
        .where('reading_records.deleted_at', 'is', null)
        .orderBy('reading_records.read_at', 'desc')
        .limit(DESK_LIMIT)
        .execute()
      let worksQuery = db
        .selectFrom('works')
        .select(['id', 'title', 'created_at', 'shareable'])
        .where('student_id', '=', student.id)
        .where('deleted_at', 'is', null)
      // Works made in another organisation stay with it; works made outside any show everywhere.
      if (orgId) worksQuery = worksQuery.where((eb) => eb.or([eb('org_id', '=', orgId), eb('org_id', 'is', null)]))
      const works = await worksQuery.orderBy('created_at', 'desc').limit(DESK_LIMIT).execute()
      // Tasks come from the class a teacher confirmed (docs/security.md, "Class membership").
      const cls = student.confirmed_grade !== null && student.confirmed_class !== null ? { grade: student.confirmed_grade, className: student.confirmed_class } : null
      const tasks = orgId && cls
        ? await db
            .selectFrom('tasks')
            .select(['id', 'title', 'publisher_name', 'due_at'])
            .where('org_id', '=', orgId)
            .where('class_name', '=', cls.className)
            .where((eb) => eb.or([eb('grade', 'is', null), eb('grade', '=', cls.grade)]))
            .where('deleted_at', 'is', null)
            // Done is done: a task the student marked done leaves Home.
            .where(({ not, exists, selectFrom }) => not(exists(selectFrom('task_completions').select('task_id').whereRef('task_completions.task_id', '=', 'tasks.id').where('task_completions.student_id', '=', student.id))))
            .where((eb) => eb.or([eb('due_at', 'is', null), eb('due_at', '>=', now)]))
            .orderBy('due_at', 'asc')
            .orderBy('created_at', 'desc')
            .limit(DESK_LIMIT)
            .execute()
        : []
      const report = await db.selectFrom('reports').select(['id', 'shareable']).where('user_id', '=', auth.sub).where('year', '=', REPORT_YEAR).orderBy('created_at', 'desc').executeTakeFirst()
      const invited = await db.selectFrom('invitations').select((eb) => eb.fn.countAll<string | number>().as('n')).where('inviter_user_id', '=', auth.sub).executeTakeFirstOrThrow()
      return {
        reading: reading.map((r) => ({ id: r.id, bookTitle: r.title, author: r.author, minutes: r.minutes, pages: r.pages, readAt: Number(r.read_at) })),
        works: works.map((w) => ({ id: w.id, title: w.title, createdAt: Number(w.created_at), shareable: w.shareable === 1 })),
        tasks: tasks.map((t) => ({ id: t.id, title: t.title, publisherName: t.publisher_name, dueAt: t.due_at === null ? null : Number(t.due_at) })),
        report: report ? { id: report.id, shareable: report.shareable === 1 } : null,
        invited: Number(invited.n),
      }
    },
  })
}

export default routes
