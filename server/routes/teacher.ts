/**
 * The teacher's side (src/contract/teacher.ts): the classes a teacher teaches, their rosters, the tasks of
 * those classes with each student's progress, a reminder to those who have not finished, and the progress
 * as CSV. Access: a teacher of the class (or of the task's class, or its publisher); anyone else, and any id
 * that does not exist, gets 403 200008 (docs/contract.md "The teacher's calls").
 */
import { REMIND_EVERY_MS } from '../../src/contract/teacher'
import { tooMany } from '../errors'
import { classRemovedMessage, taskReminderMessage } from '../services/pushTexts'
import {
  attachment,
  audit,
  chinaTime,
  claimReminder,
  classesTaughtBy,
  classStudent,
  countsOf,
  csvBytes,
  nextRemindAt,
  pendingRows,
  progressOf,
  roleForbidden,
  rosterRows,
  seen,
  taughtClass,
  tasksFollowedBy,
  teacherOrg,
  teacherTask,
  unconfirmClass,
} from '../services/teacher'
import type { TaskTable } from '../db/schema'
import type { ApiRoutes } from './provider'
import { entry } from './table'

const CSV_TEXTS = {
  'zh-Hans': { head: ['姓名', '年级', '班级', '状态', '打开时间', '完成时间'], states: { 'not-opened': '未打开', read: '已读', done: '已完成' }, file: '任务进度' },
  en: { head: ['Name', 'Grade', 'Class', 'State', 'Opened', 'Done'], states: { 'not-opened': 'Not opened', read: 'Read', done: 'Done' }, file: 'task progress' },
} as const

const routes: ApiRoutes = async (app) => {
  const { db } = app
  const clock = app.config.clock

  app.route({
    ...entry(app, 'teacherClasses'),
    handler: async (req) => {
      const acc = req.account!
      const org = teacherOrg(acc, req.query.orgCode)
      // The classes and the organisation's requests together; then each class's roster, together.
      const [classes, pending] = await Promise.all([classesTaughtBy(db, org.id, acc.user.id), pendingRows(db, org.id)])
      return Promise.all(
        classes.map(async (c) => ({
          classId: c.id,
          grade: c.grade,
          className: c.class_name,
          students: (await rosterRows(db, org.id, c.grade, c.class_name)).length,
          pending: pending.filter((p) => p.grade === c.grade && p.class_name === c.class_name).length,
        })),
      )
    },
  })

  app.route({
    ...entry(app, 'classRoster'),
    handler: async (req) => {
      const cls = await taughtClass(db, req.account!, req.params.id)
      const students = await seen(db, await rosterRows(db, cls.org_id, cls.grade, cls.class_name), clock())
      return students.map(({ userId: _userId, ...s }) => s)
    },
  })

  app.route({
    ...entry(app, 'classRemove'),
    handler: async (req) => {
      const acc = req.account!
      const cls = await taughtClass(db, acc, req.params.id)
      const now = clock()
      let removed: string | undefined
      const notified = await db.transaction().execute(async (trx) => {
        const student = await classStudent(trx, cls, req.body.studentId)
        // Someone who is not in the class is nobody this teacher may see.
        if (!student) throw roleForbidden('no student of this class')
        // Back to 班级待老师确认: the class's tasks leave the student's Home with the confirmed class.
        await unconfirmClass(trx, student.id)
        removed = student.user_id
        await audit(trx, { actor: acc.user.id, action: 'class-remove', subject: student.id, orgId: cls.org_id, details: { grade: cls.grade, className: cls.class_name } }, now)
        const orgName = acc.memberships.find((m) => m.org.id === cls.org_id)?.org.name ?? ''
        return app.inbox.record(trx, [student.user_id], 'class-removed', classRemovedMessage({ grade: cls.grade, className: cls.class_name, orgName }))
      })
      app.inbox.send(notified)
      if (removed) app.sessions.emitChanged({ users: [removed] })
      return null
    },
  })

  /** A task as its teacher sees it, with the counts of its class. */
  const teacherTaskOf = async (task: TaskTable, now: number) => {
    const students = await progressOf(db, task, now)
    return {
      view: {
        id: task.id,
        title: task.title,
        brief: task.brief,
        dueAt: task.due_at === null ? null : Number(task.due_at),
        classId: task.class_id,
        grade: task.grade,
        className: task.class_name,
        createdAt: Number(task.created_at),
        counts: countsOf(students),
        nextRemindAt: nextRemindAt(task, now),
      },
      students,
    }
  }

  app.route({
    ...entry(app, 'teacherTasks'),
    handler: async (req) => {
      const acc = req.account!
      const org = teacherOrg(acc, req.query.orgCode)
      const now = clock()
      const tasks = await tasksFollowedBy(db, org.id, acc.user.id)
      return Promise.all(tasks.map(async (t) => (await teacherTaskOf(t, now)).view))
    },
  })

  app.route({
    ...entry(app, 'taskProgress'),
    handler: async (req) => {
      const task = await teacherTask(db, req.account!, req.params.id)
      const { view, students } = await teacherTaskOf(task, clock())
      return { task: view, students: students.map((s) => ({ studentId: s.studentId, name: s.name, state: s.state, readAt: s.readAt, doneAt: s.doneAt, limited: s.limited })) }
    },
  })

  app.route({
    ...entry(app, 'taskRemind'),
    handler: async (req) => {
      const acc = req.account!
      const task = await teacherTask(db, acc, req.params.id)
      const now = clock()
      const { reminded, notified } = await db.transaction().execute(async (trx) => {
        const next = await claimReminder(trx, task.id, now)
        if (next !== null) throw tooMany((next - now) / 1000)
        const open = (await progressOf(trx, task, now)).filter((s) => s.state !== 'done')
        await audit(trx, { actor: acc.user.id, action: 'task-remind', subject: task.id, orgId: task.org_id, details: { reminded: open.length } }, now)
        const n = await app.inbox.record(
          trx,
          open.map((s) => s.userId),
          'task',
          taskReminderMessage({ id: task.id, title: task.title, publisherName: task.publisher_name }),
        )
        return { reminded: open.length, notified: n }
      })
      app.inbox.send(notified)
      return { reminded, nextRemindAt: now + REMIND_EVERY_MS }
    },
  })

  app.route({
    ...entry(app, 'taskProgressCsv'),
    handler: async (req, reply) => {
      const task = await teacherTask(db, req.account!, req.params.id)
      const t = CSV_TEXTS[req.query.lang ?? 'zh-Hans']
      const students = await progressOf(db, task, clock())
      const rows = [t.head, ...students.map((s) => [s.name, s.grade, s.className, t.states[s.state], chinaTime(s.readAt), chinaTime(s.doneAt)])]
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${task.title} ${t.file}.csv`, 'task-progress.csv'))
        .header('cache-control', 'no-store')
        .send(csvBytes(rows))
    },
  })
}

export default routes
