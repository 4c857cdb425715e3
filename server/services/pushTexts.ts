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
