/**
 * Teacher (login, portrait, its own width cap): the teacher's desk of docs/product.md "The teacher's
 * side" for an account whose orgRoleList holds `teacher` in the current organisation. Two columns on a
 * school PC (classes and requests | tasks and progress), two tabs on a phone. The lists follow the live
 * channel: a student's read or done, or a new request, shows without a reload.
 */
import { useEffect, useState } from 'react'
import type { PageProps } from '../../../manifest/pages'
import { fill } from '../../i18n/format'
import { sideOf, sidesOf } from '../../lib/auth/roles'
import { useAuth } from '../../state/auth'
import { replace } from '../../state/navigation'
import { goToSide } from '../../state/sides'
import { Button } from '../../ui/Button/Button'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { call } from '../../lib/http/client'
import { isTeacherLive } from '../../contract/teacher'
import { TEACHER } from './api'
import { ClassesColumn } from './ClassesColumn'
import { TasksColumn } from './TasksColumn'
import { TEXTS } from './texts'
import { useLoad } from './useLoad'
import './Teacher.css'
import { useTexts } from '../../hooks/useTexts'

type Tab = 'classes' | 'tasks'

export default function Teacher({ page }: PageProps) {
  const t = useTexts(TEXTS)
  const auth = useAuth()
  const orgCode = auth.org?.code ?? ''
  const side = sideOf(auth.orgRoleList, orgCode)
  const isTeacher = side !== 'student'
  const [tab, setTab] = useState<Tab>('classes')
  const [openTask, setOpenTask] = useState<string | null>(null)
  const [progressTick, setProgressTick] = useState(0)

  const [classes, retryClasses, refreshClasses] = useLoad(isTeacher ? () => call(TEACHER.teacherClasses, { query: { orgCode } }) : null, `classes:${orgCode}`)
  const [requests, retryRequests, refreshRequests] = useLoad(isTeacher ? () => call(TEACHER.classRequests, { query: { orgCode } }) : null, `requests:${orgCode}`)
  const [tasks, retryTasks, refreshTasks] = useLoad(isTeacher ? () => call(TEACHER.teacherTasks, { query: { orgCode } }) : null, `tasks:${orgCode}`)

  // The live channel's notices for this teacher (the channel itself is opened by the app once signed in).
  useEffect(() => {
    if (!isTeacher) return
    let stop = () => {}
    let gone = false
    void import('../../lib/live').then(({ live }) => {
      if (gone) return
      stop = live.onMessage((m) => {
        if (!isTeacherLive(m)) return
        if (m.type === 'class-requested') {
          refreshRequests()
          refreshClasses()
        } else {
          refreshTasks()
          setProgressTick((n) => n + 1)
        }
      })
    })
    // Back from the background or offline: what changed meanwhile is read again.
    const again = () => {
      if (document.visibilityState !== 'visible') return
      refreshRequests()
      refreshClasses()
      refreshTasks()
      setProgressTick((n) => n + 1)
    }
    document.addEventListener('visibilitychange', again)
    addEventListener('online', again)
    return () => {
      gone = true
      stop()
      document.removeEventListener('visibilitychange', again)
      removeEventListener('online', again)
    }
    // The refreshers are stable in effect: they read the latest loader through a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isTeacher, orgCode])

  if (!isTeacher) {
    return (
      <PageScaffold page={page}>
        <div className="teacher teacher--none" role="note">
          <p>{t.notTeacher}</p>
          <Button onClick={() => replace('/home')}>{t.toHome}</Button>
        </div>
      </PageScaffold>
    )
  }

  const name = typeof auth.userInfo?.name === 'string' ? auth.userInfo.name : t.teacher
  const studentOrg = sidesOf(auth.orgRoleList, orgCode).student
  const toStudent = studentOrg ? (
    <Button variant="secondary" size="s" className="teacher__switch" onClick={() => void goToSide(studentOrg, '/home')}>
      {t.toStudent}
    </Button>
  ) : null

  return (
    <PageScaffold page={page}>
      <div className="teacher">
        <header className="teacher__head">
          <div>
            <h2 className="teacher__hello">{fill(t.hello, { name })}</h2>
            {auth.org?.name ? <p className="teacher__org">{auth.org.name}</p> : null}
          </div>
          {toStudent}
        </header>
        <div className="teacher__tabs" role="tablist" aria-label={t.tabs}>
          {(['classes', 'tasks'] as const).map((k) => (
            <button key={k} type="button" role="tab" id={`teacher-tab-${k}`} aria-selected={tab === k} aria-controls={`teacher-pane-${k}`} className="teacher__tab" onClick={() => setTab(k)}>
              {k === 'classes' ? t.tabClasses : t.tabTasks}
            </button>
          ))}
        </div>
        <div className="teacher__cols">
          <div className={tab === 'classes' ? 'teacher__col teacher__col--on' : 'teacher__col'} id="teacher-pane-classes" role="tabpanel" aria-labelledby="teacher-tab-classes">
            <ClassesColumn
              orgCode={orgCode}
              classes={classes}
              requests={requests}
              retryClasses={retryClasses}
              retryRequests={retryRequests}
              changed={() => {
                // A student who joins or leaves a class changes its tasks' counts too.
                refreshRequests()
                refreshClasses()
                refreshTasks()
              }}
            />
          </div>
          <div className={tab === 'tasks' ? 'teacher__col teacher__col--on' : 'teacher__col'} id="teacher-pane-tasks" role="tabpanel" aria-labelledby="teacher-tab-tasks">
            <TasksColumn
              orgCode={orgCode}
              publisherName={name}
              classes={classes.kind === 'ready' ? classes.data : []}
              tasks={tasks}
              retryTasks={retryTasks}
              refreshTasks={refreshTasks}
              openTask={openTask}
              setOpenTask={setOpenTask}
              progressTick={progressTick}
            />
          </div>
        </div>
      </div>
    </PageScaffold>
  )
}
