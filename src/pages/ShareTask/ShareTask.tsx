/** shareTask: a task a teacher published to a class — title, who and for whom, due date, brief and attachments. */
import type { PageProps } from '../../../manifest/pages'
import type { TaskView } from '../../contract/content'
import { classLineIn } from '../../i18n/school'
import { formatBytes } from '../../lib/device/device'
import { useLang } from '../../state/app'
import { Author } from '../../ui/ShareBar/ShareBar'
import { formatDate, shareText } from '../../ui/ShareBar/texts'
import { SharePage } from '../../ui/SharePage/SharePage'
import './ShareTask.css'

function Skeleton() {
  return (
    <>
      <span className="share-bone" style={{ height: 150 }} />
      <span className="share-bone" style={{ height: 180 }} />
      <span className="share-bone" style={{ height: 72 }} />
    </>
  )
}

function Task({ v }: { v: TaskView }) {
  const lang = useLang()
  return (
    <article className="task">
      <header className="task__head">
        <span className="task__class">{classLineIn(lang, v.className)}</span>
        <h2 className="share-title task__title">{v.title}</h2>
        <Author name={v.publisher} meta={[v.org, `${shareText(lang, 'published')} ${formatDate(lang, v.createdAt)}`]} />
        {v.dueAt !== null && (
          <p className="task__due">
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            {shareText(lang, 'due')} {formatDate(lang, v.dueAt, { time: true })}
          </p>
        )}
      </header>
      <div className="share-card">
        <p className="share-prose task__brief">{v.brief}</p>
      </div>
      {v.attachments.length > 0 && (
        <section className="share-card" aria-labelledby="task-attachments">
          <h3 id="task-attachments" className="share-section-title">
            {shareText(lang, 'attachments')}
          </h3>
          <ul className="task__files">
            {v.attachments.map((a) => (
              <li key={a.url}>
                <a className="task__file" href={a.url} target="_blank" rel="noopener" aria-label={shareText(lang, 'openAttachment', { name: a.name })}>
                  {a.mime.startsWith('image/') ? (
                    <img className="task__thumb" src={a.url} alt="" width="48" height="48" loading="lazy" />
                  ) : (
                    <span className="task__thumb task__thumb--doc" aria-hidden="true" />
                  )}
                  <span className="task__file-text">
                    <span className="task__file-name">{a.name}</span>
                    <span className="task__file-size">{formatBytes(a.size)}</span>
                  </span>
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  )
}

export default function ShareTask(props: PageProps) {
  return (
    <SharePage {...props} kind="task" skeleton={<Skeleton />} card={(v) => ({ title: v.title, desc: `${v.publisher} · ${v.className}` })} share={(v, lang) => ({ title: v.title, text: shareText(lang, 'from', { who: v.publisher }) })}>
      {(v) => <Task v={v} />}
    </SharePage>
  )
}
