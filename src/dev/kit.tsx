/**
 * The UI kit page (development only: kit.html is not a build input): every widget of the kit in every
 * state, in both languages, for people to look at and for the browser tests to drive.
 */
import { StrictMode, useRef, useState, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { useLongPress } from '../hooks/useLongPress'
import { useReachBottom } from '../hooks/useReachBottom'
import { copyText } from '../lib/clipboard/clipboard'
import type { ChosenFile } from '../lib/device/fileChoice'
import { loadLang } from '../i18n/i18n'
import { setLang, useLang } from '../state/app'
import { Button } from '../ui/Button/Button'
import { CodeField } from '../ui/Field/CodeField'
import { PhoneField } from '../ui/Field/PhoneField'
import { TextField } from '../ui/Field/TextField'
import { FileChoice } from '../ui/FileChoice/FileChoice'
import { Picker } from '../ui/Picker/Picker'
import '../styles/base.css'
import './kit.css'

const GRADES = ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级']
const CLASSES = ['1 班', '2 班', '3 班', '4 班', '5 班']
const BOOKS = ['《小王子》', '《夏洛的网》', '《草房子》', '《城南旧事》', '《西游记》', '《窗边的小豆豆》']

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="kit-section" aria-labelledby={`${id}-h`} data-kit={id}>
      <h2 className="kit-section__title" id={`${id}-h`}>
        {title}
      </h2>
      <div className="kit-card">{children}</div>
    </section>
  )
}

function Pickers() {
  const [book, setBook] = useState(1)
  const [nothing, setNothing] = useState(-1)
  const [klass, setKlass] = useState<number[]>([2, 0])
  const [birthday, setBirthday] = useState('2014-09-01')
  const [dueDate, setDueDate] = useState('2030-01-31')
  const [month, setMonth] = useState('2023-12')
  const [reminder, setReminder] = useState('20:30')
  const [lesson, setLesson] = useState('07:00')
  return (
    <div className="kit-grid">
      <Picker mode="selector" label="在读书目" range={BOOKS} value={book} onChange={setBook} />
      <Picker mode="selector" label="未选择" range={BOOKS} value={nothing} onChange={setNothing} />
      <Picker mode="selector" label="不可用" range={BOOKS} value={0} disabled onChange={() => {}} />
      <Picker mode="multiSelector" label="年级班级" range={[GRADES, CLASSES]} columnLabels={['年级', '班级']} value={klass} onChange={setKlass} />
      <Picker mode="date" label="生日" value={birthday} onChange={setBirthday} />
      <Picker mode="date" label="截止日期（2026 年内）" value={dueDate} start="2026-01-01" end="2026-12-31" onChange={setDueDate} />
      <Picker mode="date" label="报告月份" fields="month" value={month} onChange={setMonth} />
      <Picker mode="time" label="阅读提醒" value={reminder} onChange={setReminder} />
      <Picker mode="time" label="上课时间（08:00–17:30）" value={lesson} start="08:00" end="17:30" onChange={setLesson} />
      <output className="kit-output" data-testid="picker-values">
        {[BOOKS[book], klass.join(','), birthday, dueDate, month, reminder, lesson].join(' · ')}
      </output>
    </div>
  )
}

function Fields() {
  const [name, setName] = useState('')
  const [bio, setBio] = useState('喜欢读童话，也喜欢写小诗。')
  const [phone, setPhone] = useState('13800138000')
  const [badPhone, setBadPhone] = useState('1380013')
  const [code, setCode] = useState('')
  return (
    <div className="kit-grid">
      <TextField label="昵称" placeholder="2 到 20 个字" value={name} onChange={setName} hint="同学们会看到这个名字" />
      <TextField label="个人简介" value={bio} onChange={setBio} showCount />
      <PhoneField label="手机号" value={phone} onChange={setPhone} />
      <PhoneField label="手机号（有误）" value={badPhone} onChange={setBadPhone} error="请输入 11 位手机号" />
      <CodeField
        label="验证码"
        placeholder="6 位数字"
        value={code}
        onChange={setCode}
        action={
          <Button variant="plain" size="s">
            获取验证码
          </Button>
        }
      />
      <TextField label="学校（不可改）" value="Demo School" disabled onChange={() => {}} />
    </div>
  )
}

function Buttons() {
  return (
    <div className="kit-row">
      <Button>登录</Button>
      <Button variant="secondary">注册</Button>
      <Button variant="plain">忘记密码</Button>
      <Button variant="danger">退出登录</Button>
      <Button disabled>不可用</Button>
      <Button busy>提交中</Button>
      <Button block>通栏按钮</Button>
    </div>
  )
}

function LongPressDemo() {
  const [count, setCount] = useState(0)
  const handlers = useLongPress<HTMLButtonElement>(() => setCount((n) => n + 1))
  return (
    <div className="kit-row">
      <button type="button" className="kit-press" {...handlers}>
        按住 0.35 秒
      </button>
      <output className="kit-output" aria-live="polite" data-testid="long-press-count">
        长按 {count} 次
      </output>
    </div>
  )
}

function ReachBottomDemo() {
  const ref = useRef<HTMLDivElement>(null)
  const [items, setItems] = useState(12)
  const [reached, setReached] = useState(0)
  const done = items >= 36
  useReachBottom(
    () => {
      setReached((n) => n + 1)
      setItems((n) => Math.min(36, n + 12))
    },
    { target: ref, disabled: done },
  )
  return (
    <>
      <div ref={ref} className="kit-scroller" tabIndex={0} role="region" aria-label="阅读记录列表" data-testid="reach-list">
        <ul className="kit-list">
          {Array.from({ length: items }, (_, i) => (
            <li key={i}>
              <span>第 {i + 1} 天</span>
              <span className="kit-list__meta">{20 + ((i * 7) % 40)} 分钟</span>
            </li>
          ))}
        </ul>
        <p className="kit-list__end">{done ? '没有更多了' : '继续下滑加载更多'}</p>
      </div>
      <output className="kit-output" data-testid="reach-count">
        触底 {reached} 次
      </output>
    </>
  )
}

function FileDemo() {
  const [chosen, setChosen] = useState<string[]>([])
  const show = (files: ChosenFile[]) =>
    setChosen(files.map((f) => (f.duration === undefined ? f.file.name : `${f.file.name}（${Math.round(f.duration)} 秒）`)))
  return (
    <div className="kit-grid">
      <div className="kit-row">
        <FileChoice kind="image" onChoose={show}>
          选择图片（最多 9 张）
        </FileChoice>
        <FileChoice kind="image" count={1} onChoose={show} variant="plain">
          更换头像
        </FileChoice>
        <FileChoice kind="video" onChoose={show}>
          选择视频（不超过 60 秒）
        </FileChoice>
        <FileChoice kind="file" extensions={['.pdf', '.docx']} onChoose={show}>
          选择文档
        </FileChoice>
        <FileChoice kind="image" disabled onChoose={show}>
          不可用
        </FileChoice>
      </div>
      <output className="kit-output" data-testid="chosen-files">
        {chosen.length ? chosen.join('、') : '还没有选择文件'}
      </output>
    </div>
  )
}

function ClipboardDemo() {
  const lang = useLang()
  const [message, setMessage] = useState('')
  return (
    <div className="kit-row">
      <Button variant="secondary" onClick={async () => setMessage((await copyText('DEMO2023', { lang })).message)}>
        复制邀请码 DEMO2023
      </Button>
      <Button
        variant="plain"
        onClick={async () => setMessage((await copyText('DEMO2023', { lang, clipboard: null, fallback: () => false })).message)}
      >
        复制（浏览器拒绝）
      </Button>
      <output className="kit-output" role="status" data-testid="copy-message">
        {message}
      </output>
    </div>
  )
}

/** The kit's sections in order: id (the #anchor and data-kit), heading, demo. */
const SECTIONS: [id: string, title: string, Demo: () => ReactNode][] = [
  ['pickers', '选择器', Pickers],
  ['fields', '输入框', Fields],
  ['buttons', '按钮', Buttons],
  ['long-press', '长按', LongPressDemo],
  ['reach-bottom', '触底加载', ReachBottomDemo],
  ['files', '选择文件', FileDemo],
  ['clipboard', '复制', ClipboardDemo],
]

function Kit() {
  const lang = useLang()
  return (
    <main className="kit">
      <header className="kit-head">
        <h1 className="kit-head__title">Habor UI kit</h1>
        <Button variant="plain" size="s" onClick={() => {
            const next = lang === 'en' ? 'zh-Hans' : 'en'
            void loadLang(next).then(() => setLang(next))
          }}>
          {lang === 'en' ? '中文' : 'English'}
        </Button>
      </header>
      {SECTIONS.map(([id, title, Demo]) => (
        <Section key={id} id={id} title={title}>
          <Demo />
        </Section>
      ))}
    </main>
  )
}

const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    <StrictMode>
      <Kit />
    </StrictMode>,
  )
