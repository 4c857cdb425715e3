// `npm run demo:task`: the demo teacher (13600136000) confirms the students who ask to join the demo
// student's class (七年级 2班 of Demo School, which the teacher teaches; a class's tasks reach only students
// whose class a teacher confirmed, docs/security.md) and assigns the class a task, on a running server,
// with the calls the app's teacher side makes (docs/contract.md "The teacher's calls"), and prints what it did.
//   BASE_URL  the server (default http://127.0.0.1:8080, where npm start listens)
//   TITLE, DUE_DAYS  the task's title and how many days until it is due (default 3)
import { randomUUID } from 'node:crypto'

const base = (process.env.BASE_URL || 'http://127.0.0.1:8080').replace(/\/$/, '')
const days = Number(process.env.DUE_DAYS || 3)

async function api(method, path, body, token, headers = {}) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = await res.json()
  if (json.code !== 0) throw new Error(`${method} ${path}: ${json.code} ${json.msg}`)
  return json.data
}

try {
  const { token } = await api('POST', '/login', { username: '13600136000', password: 'Passw0rd!', deviceType: 'client', deviceCode: 'demo-task-script', appId: 'jsj-habor' })
  const grade = '七年级'
  const className = '2班'
  const taught = await api('GET', '/teacher/classes?orgCode=DEMO', undefined, token)
  const cls = taught.find((c) => c.grade === grade && c.className === className)
  // New students of the class (and students moving into it) see its tasks once a teacher confirms them.
  const asking = (await api('GET', '/classes/requests?orgCode=DEMO', undefined, token)).filter((r) => r.grade === grade && r.className === className)
  for (const r of asking) {
    await api('POST', '/classes/confirm', { orgCode: 'DEMO', studentId: r.studentId, grade, className }, token)
    console.log(`Confirmed ${r.name} in ${grade} ${className}.`)
  }
  const dueAt = Date.now() + days * 86_400_000
  const title = process.env.TITLE || '读《小王子》，画出你心里的那朵玫瑰'
  const task = await api(
    'POST',
    '/tasks',
    { orgCode: 'DEMO', grade, className, ...(cls ? { classId: cls.classId } : {}), title, brief: '读完《小王子》，想一想小王子为什么那么在乎他的玫瑰，画一画、写一写。', dueAt, publisherName: '李老师' },
    token,
    { 'idempotency-key': randomUUID() },
  )
  console.log(`Assigned task ${task.id} to 七年级 2班 of Demo School, due ${new Date(dueAt).toLocaleString('zh-CN')}: ${title}`)
  console.log('The demo student (13800138000) sees it on Home under 进行中的任务.')
} catch (e) {
  console.error(`demo:task failed against ${base}: ${e instanceof Error ? e.message : String(e)}`)
  process.exit(1)
}
