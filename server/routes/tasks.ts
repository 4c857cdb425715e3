/**
 * Class tasks (src/contract/tasks.ts): a teacher of an organisation assigns a task to one of its classes
 * (one they teach, or one nobody there teaches); the class's students open it and mark it done, and the
 * class's teachers hear of each over the live channel. A task is for the students whose confirmed class has
 * its grade and class name and who belong to its organisation; to anyone else it does not exist (400002).
 */
import { CODE } from '../../src/contract'
import { LATEST_MS } from '../../src/contract/schemas/common'
import { TEACHER_ROLE } from '../../src/contract/tasks'
import { ApiError, badInput } from '../errors'
import { assignedTask, assignRoom, orgClass } from '../services/classes'
import { bookExists, bookOf, classMembers, doneAt, insertTask, liveTask, markDone, markRead } from '../services/tasks'
import { checkAnswerer, ensureClass, followersOf, progressed, teacherOrg } from '../services/teacher'
import { idempotent } from '../services/idempotency'
import type { Notified } from '../services/inbox'
import { taskMessage } from '../services/pushTexts'
import type { SessionAccount } from '../services/users'
import type { ApiRoutes } from './provider'
import { entry } from './table'

const notFound = () => new ApiError(CODE.TASK_NOT_FOUND)

const routes: ApiRoutes = async (app) => {
  const { db } = app
  const clock = app.config.clock

  /** The task if this account's student is in its class and organisation. */
  const visibleTask = async (id: string, acc: SessionAccount) => {
    const student = acc.student
    if (!student) throw notFound()
    const task = await liveTask(db, id)
    // The class a teacher confirmed, not the one the profile declares (docs/security.md, "Class membership").
    const cls = acc.confirmedClass
    if (!task || !cls || task.class_name !== cls.className || (task.grade !== null && task.grade !== cls.grade)) throw notFound()
    // Only where the account is a student member: a teacher of the organisation is not a student of its classes.
    if (!acc.memberships.some((m) => m.org.id === task.org_id && !m.roles.includes(TEACHER_ROLE))) throw notFound()
    return { task, studentId: student.id }
  }

  app.route({
    ...entry(app, 'assignTask'),
    handler: async (req) => {
      const b = req.body
      const acc = req.account!
      const org = teacherOrg(acc, b.orgCode)
      const grade = b.grade.trim()
      const className = b.className.trim()
      // A class someone teaches is theirs to give tasks to; one nobody teaches, any teacher's there. Read
      // with the class of classId, whose refusal comes first.
      const [cls, refused] = await Promise.all([
        b.classId === undefined ? null : orgClass(db, org.id, b.classId),
        checkAnswerer(db, acc, org.id, grade, className).then(
          () => null,
          (e: unknown) => e,
        ),
      ])
      if (b.classId !== undefined && (!cls || cls.grade !== grade || cls.class_name !== className)) throw badInput('classId', 'is not this class of the organisation')
      if (refused) throw refused
      const now = clock()
      // The schema's bounds, again after type coercion (a JSON string such as "Infinity" is coerced).
      if (b.dueAt !== undefined && (!Number.isSafeInteger(b.dueAt) || b.dueAt > LATEST_MS)) throw badInput('dueAt', 'must be a time before 2100')
      if (b.dueAt !== undefined && b.dueAt <= now) throw badInput('dueAt', 'must be in the future')
      const brief = b.brief.trim()
      const title = b.title.trim()
      if (!title) throw badInput('title', 'is required')
      if (!brief) throw badInput('brief', 'is required')
      let notified: Notified | undefined
      const assigned = await idempotent(db, req, acc.user.id, now, async (trx) => {
        await assignRoom(trx, app.dbInfo.kind, acc.user.id, now)
        if (b.bookId && !(await bookExists(trx, b.bookId))) throw badInput('bookId', 'no such book')
        const id = crypto.randomUUID()
        const classId = await ensureClass(trx, org.id, grade, className, now)
        await insertTask(
          trx,
          assignedTask(
              {
                id,
                org_id: org.id,
                publisher_user_id: acc.user.id,
                publisher_name: b.publisherName.trim(),
                grade,
                class_name: className,
                class_id: classId,
                book_id: b.bookId ?? null,
                title,
                brief,
                due_at: b.dueAt ?? null,
              },
            now,
          ),
        )
        // The class hears of it: inbox entries and Web Push written with the task, sent after the commit.
        const students = await classMembers(trx, org.id, grade, className, acc.user.id)
        notified = await app.inbox.record(
          trx,
          // A teacher of the organisation is not a student of its classes (docs/contract.md "The teacher's calls").
          students.filter((r) => !r.roles.includes(`"${TEACHER_ROLE}"`)).map((r) => r.user_id),
          'task',
          taskMessage({ id, title, brief, publisherName: b.publisherName.trim() }),
        )
        return { id }
      })
      app.inbox.send(notified)
      return assigned
    },
  })

  app.route({
    ...entry(app, 'task'),
    handler: async (req) => {
      const { task, studentId } = await visibleTask(req.params.id, req.account!)
      const [book, done] = await Promise.all([task.book_id ? bookOf(db, task.book_id) : undefined, doneAt(db, task.id, studentId)])
      return {
        id: task.id,
        title: task.title,
        brief: task.brief,
        publisherName: task.publisher_name,
        grade: task.grade,
        className: task.class_name,
        dueAt: task.due_at === null ? null : Number(task.due_at),
        book: book ?? null,
        doneAt: done ?? null,
      }
    },
  })

  app.route({
    ...entry(app, 'taskDone'),
    handler: async (req) => {
      const { task, studentId } = await visibleTask(req.params.id, req.account!)
      // Marking done twice (a retry, two taps, two devices at once) keeps the first time: one row. The
      // outbox's Idempotency-Key is honoured too, like every queued write's.
      let fresh = false
      const answer = await idempotent(db, req, req.account!.user.id, clock(), async (trx) => {
        const marked = await markDone(trx, task.id, studentId, clock())
        fresh = marked.fresh
        return { doneAt: marked.doneAt }
      })
      if (fresh) app.inbox.live(await followersOf(db, task), progressed(task.id, studentId, 'done', answer.doneAt))
      return answer
    },
  })

  app.route({
    ...entry(app, 'taskRead'),
    handler: async (req) => {
      const { task, studentId } = await visibleTask(req.params.id, req.account!)
      // Opening twice (a retry, the task page and its inbox entry, an offline replay) keeps the first time.
      let fresh = false
      const answer = await idempotent(db, req, req.account!.user.id, clock(), async (trx) => {
        const marked = await markRead(trx, task.id, studentId, clock())
        fresh = marked.fresh
        return { readAt: marked.readAt }
      })
      if (fresh) app.inbox.live(await followersOf(db, task), progressed(task.id, studentId, 'read', answer.readAt))
      return answer
    },
  })
}

export default routes
