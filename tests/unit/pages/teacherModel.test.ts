// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { TeacherClass } from '../../../src/pages/Teacher/api'
import { countStates, dueAtOf, filterStudents, notDone, planAssignments, remindWaitS } from '../../../src/pages/Teacher/model'

const s = (name: string, state: 'not-opened' | 'read' | 'done') => ({ name, state })

describe('a task’s progress', () => {
  it('counts every student in exactly one state', () => {
    const students = [s('甲', 'done'), s('乙', 'read'), s('丙', 'not-opened'), s('丁', 'not-opened'), s('戊', 'done')]
    expect(countStates(students)).toEqual({ notOpened: 2, read: 1, done: 2 })
    expect(notDone(countStates(students))).toBe(3)
    expect(countStates([])).toEqual({ notOpened: 0, read: 0, done: 0 })
  })

  it('a class of 45 counts to 45', () => {
    const states = ['not-opened', 'read', 'done'] as const
    const class45 = Array.from({ length: 45 }, (_, i) => s(`学生${i}`, states[i % 3] ?? 'done'))
    const c = countStates(class45)
    expect(c.notOpened + c.read + c.done).toBe(45)
    expect(c).toEqual({ notOpened: 15, read: 15, done: 15 })
  })

  it('filters by state and lists those with something to do first, then by name', () => {
    const students = [s('王五', 'done'), s('李四', 'read'), s('张三', 'not-opened'), s('阿宝', 'not-opened')]
    expect(filterStudents(students, 'all').map((x) => x.name)).toEqual(['阿宝', '张三', '李四', '王五'])
    expect(filterStudents(students, 'done').map((x) => x.name)).toEqual(['王五'])
    expect(filterStudents(students, 'read').map((x) => x.name)).toEqual(['李四'])
    expect(filterStudents(students, 'not-opened')).toHaveLength(2)
  })

  it('says when the next reminder is possible, to the second', () => {
    expect(remindWaitS(null, 1_000)).toBe(0)
    expect(remindWaitS(1_000, 1_000)).toBe(0)
    expect(remindWaitS(1_000, 2_000)).toBe(0)
    expect(remindWaitS(3_600_000, 0)).toBe(3600)
    expect(remindWaitS(1_001, 1_000)).toBe(1)
  })
})

describe('assigning one form to several classes', () => {
  const classes: TeacherClass[] = [
    { classId: 'c2', grade: '七年级', className: '2班', students: 40, pending: 0 },
    { classId: 'c3', grade: '七年级', className: '3班', students: 45, pending: 1 },
  ]
  const form = { orgCode: 'DEMO', classIds: ['c2', 'c3'], title: '  读《西游记》第一回 ', brief: '读完写三句话', due: '2026-12-05', publisherName: '李老师' }

  it('makes one call per class, each with its own key, the class taken from the class list', () => {
    let n = 0
    const keys = new Map<string, string>()
    const plan = planAssignments(form, classes, keys, () => `k${++n}`)
    expect(plan.map((p) => [p.classId, p.key, p.body.grade, p.body.className])).toEqual([
      ['c2', 'k1', '七年级', '2班'],
      ['c3', 'k2', '七年级', '3班'],
    ])
    expect(plan[0]?.body).toMatchObject({ orgCode: 'DEMO', title: '读《西游记》第一回', brief: '读完写三句话', publisherName: '李老师', dueAt: dueAtOf('2026-12-05') })
  })

  it('a second tap (or a retry) sends the same keys, so each class gets one task; a class added later gets a new key', () => {
    let n = 0
    const keys = new Map<string, string>()
    const first = planAssignments(form, classes, keys, () => `k${++n}`)
    const again = planAssignments(form, classes, keys, () => `k${++n}`)
    expect(again.map((p) => p.key)).toEqual(first.map((p) => p.key))
    const fewer = planAssignments({ ...form, classIds: ['c3'] }, classes, keys, () => `k${++n}`)
    expect(fewer.map((p) => p.key)).toEqual(['k2'])
    expect(n).toBe(2)
  })

  it('leaves out a class it does not know, and sends no due date when none is chosen', () => {
    const plan = planAssignments({ ...form, classIds: ['gone', 'c2'], due: '' }, classes, new Map(), () => 'k')
    expect(plan).toHaveLength(1)
    expect(plan[0]?.body).not.toHaveProperty('dueAt')
  })

  it('a due day is due until that evening', () => {
    const at = new Date(dueAtOf('2026-12-05') ?? 0)
    expect([at.getFullYear(), at.getMonth() + 1, at.getDate(), at.getHours(), at.getMinutes()]).toEqual([2026, 12, 5, 23, 59])
    expect(dueAtOf('')).toBeUndefined()
    expect(dueAtOf('2026-12')).toBeUndefined()
  })
})
