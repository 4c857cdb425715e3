/** What each notification says, in the language its subscription was made in (docs/notifications.md). */
import type { PushText } from '../../src/contract/push'

type Lang = 'zh-Hans' | 'en'

/** Cut to `max` characters (whole code points), with an ellipsis when cut. */
const cut = (text: string, max: number): string => {
  const chars = [...text.replace(/\s+/g, ' ').trim()]
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`
}

export const taskMessage =
  (task: { id: string; title: string; brief: string; publisherName: string }) =>
  (lang: Lang): PushText => ({
    kind: 'task',
    title: lang === 'en' ? `New task: ${cut(task.title, 40)}` : `新任务：${cut(task.title, 40)}`,
    body: `${task.publisherName}${lang === 'en' ? ': ' : '：'}${cut(task.brief, 80)}`,
    url: `/task?id=${encodeURIComponent(task.id)}`,
    tag: `task-${task.id}`,
  })

export const friendMessage =
  (friend: { userId: string; name: string }) =>
  (lang: Lang): PushText => ({
    kind: 'friend',
    title: lang === 'en' ? `${cut(friend.name, 20)} joined with your invitation` : `${cut(friend.name, 20)} 接受了你的邀请`,
    body: lang === 'en' ? 'You can read together on Habor now.' : '现在可以一起阅读了。',
    url: '/invite',
    tag: `friend-${friend.userId}`,
  })

export const cardMessage =
  (card: { id: string; to: string }) =>
  (lang: Lang): PushText => ({
    kind: 'card',
    title: lang === 'en' ? 'Your card has been opened' : '你的贺卡被打开了',
    body: lang === 'en' ? `Someone opened your Mother's Day card to ${cut(card.to, 20)}.` : `送给${cut(card.to, 20)}的母亲节贺卡，有人打开看了。`,
    url: `/motherday?id=${encodeURIComponent(card.id)}`,
    tag: `card-${card.id}`,
  })

/** A teacher's answer about the student's class (kinds class-confirmed, class-refused, class-removed). */
type ClassAnswer = { grade: string; className: string; orgName: string }
const classOf = (c: ClassAnswer, lang: Lang) => (lang === 'en' ? `${c.grade} ${c.className}` : `${c.grade}${c.className}`)

// A class notice's Web Push counts as a notice from the teacher: the `task` setting turns it off.
export const classConfirmedMessage =
  (c: ClassAnswer) =>
  (lang: Lang): PushText => ({
    kind: 'task',
    title: lang === 'en' ? 'Your class is confirmed' : '班级已确认',
    body: lang === 'en' ? `Your teacher at ${cut(c.orgName, 30)} confirmed you in ${classOf(c, lang)}. Its tasks now show on Home.` : `${cut(c.orgName, 30)}的老师确认了你在${classOf(c, lang)}，班级任务会显示在首页。`,
    url: '/home',
    tag: 'class',
  })

export const classRefusedMessage =
  (c: ClassAnswer) =>
  (lang: Lang): PushText => ({
    kind: 'task',
    title: lang === 'en' ? 'Your class was not confirmed' : '班级未通过确认',
    body:
      lang === 'en'
        ? `Your teacher at ${cut(c.orgName, 30)} could not confirm ${classOf(c, lang)}. Check the grade and class under Edit profile on Home, or ask your teacher.`
        : `${cut(c.orgName, 30)}的老师没有确认你在${classOf(c, lang)}。请在首页「编辑资料」里核对年级和班级，或问问你的老师。`,
    url: '/home',
    tag: 'class',
  })

export const classRemovedMessage =
  (c: ClassAnswer) =>
  (lang: Lang): PushText => ({
    kind: 'task',
    title: lang === 'en' ? 'You left a class' : '你已移出班级',
    body:
      lang === 'en'
        ? `Your teacher at ${cut(c.orgName, 30)} took you out of ${classOf(c, lang)}. If this is a mistake, check your class under Edit profile on Home, or ask your teacher.`
        : `${cut(c.orgName, 30)}的老师把你移出了${classOf(c, lang)}。如有误会，请在首页「编辑资料」里核对班级，或问问你的老师。`,
    url: '/home',
    tag: 'class',
  })

export const taskReminderMessage =
  (task: { id: string; title: string; publisherName: string }) =>
  (lang: Lang): PushText => ({
    kind: 'task',
    title: lang === 'en' ? `Reminder: ${cut(task.title, 40)}` : `提醒：${cut(task.title, 40)}`,
    body: lang === 'en' ? `${task.publisherName} reminds you to finish this task.` : `${task.publisherName}提醒你完成这个任务。`,
    url: `/task?id=${encodeURIComponent(task.id)}`,
    tag: `task-${task.id}`,
  })
