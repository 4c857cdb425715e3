/**
 * Asking before a logout (Home and Settings). When writes of this account still wait in the outbox, the
 * question names them and offers to wait for them or to log out anyway: they stay on this device for
 * this account and are sent when it signs in again (docs/offline.md "Writing offline").
 */
import type { Lang } from '../../../manifest/app'
import type { OutboxItem } from '../../lib/outbox/outbox'
import { showModal } from '../Modal/modal'
import { defineTexts } from '../../i18n/texts'

const TEXTS = defineTexts(
  {
    card: (to: string) => `给${to || '妈妈'}的贺卡`,
    report: '报告的分享设置',
    taskDone: '任务“我已完成”',
    taskRead: '任务已读',
    assignTask: (title: string) => `布置的任务“${title}”`,
    profile: '资料修改',
    cardDelete: '删除一张贺卡',
    waiting: (n: number, what: string) =>
      `还有 ${n} 项改动没有发送：${what}。退出后它们会留在这台设备上，等这个账号再次登录时发送。可以先等它们发送完再退出。`,
    wait: '等待发送',
    anyway: '仍然退出',
    sep: '、',
  },
  () => import('./confirmLogout.en'),
)

/** What a waiting write is, in the student's words. */
export function nameOf(lang: Lang, item: OutboxItem): string {
  const t = TEXTS(lang)
  const p = item.payload
  switch (p.kind) {
    case 'card':
      return t.card(p.body.to ?? '')
    case 'report':
      return t.report
    case 'taskDone':
      return t.taskDone
    case 'taskRead':
      return t.taskRead
    case 'assignTask':
      return t.assignTask(p.body.title)
    case 'cardDelete':
      return t.cardDelete
    case 'profile':
      return t.profile
  }
}

/**
 * Resolves true when the student confirms the logout. `plain`: the usual question, asked when nothing waits.
 * The outbox code loads only here, when the student is about to leave.
 */
export async function confirmLogout(lang: Lang, plain: { content: string; confirmText?: string }): Promise<boolean> {
  const items = await import('../../lib/outbox/outbox').then((m) => m.listOutbox().then((all) => all.filter(m.isShown))).catch(() => [] as OutboxItem[])
  if (items.length === 0) return (await showModal(plain)).confirm
  const t = TEXTS(lang)
  const what = items.map((i) => nameOf(lang, i)).join(t.sep)
  const answer = await showModal({ content: t.waiting(items.length, what), confirmText: t.anyway, cancelText: t.wait })
  return answer.confirm
}
