/** Agreement: the user agreement and the privacy policy, as readable text (`?section=privacy` opens the second). */
import { useEffect, useMemo } from 'react'
import { documentTitle } from '../../i18n/title'
import type { PageProps } from '../../../manifest/pages'
import { useLang } from '../../state/app'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import './Agreement.css'

interface Section {
  id: string
  title: string
  items: { heading: string; text: string }[]
}

const DOCS: Record<'zh-Hans' | 'en', { updated: string; sections: Section[] }> = {
  'zh-Hans': {
    updated: '更新日期：2023 年 9 月 1 日',
    sections: [
      {
        id: 'agreement',
        title: '用户协议',
        items: [
          { heading: '1. 服务内容', text: 'Habor 为学生提供阅读记录、作品创作与分享、阅读任务和年度报告等服务。部分功能需要登录后使用。' },
          { heading: '2. 账号', text: '你可以使用手机号、验证码或学校提供的统一身份认证登录。请妥善保管账号和密码，不要借给他人使用。同一账号在另一台设备登录时，本设备会自动退出。' },
          { heading: '3. 使用规范', text: '请文明发言，尊重他人。不得发布违法、侵权、暴力或不适合未成年人的内容。我们会对违规内容进行处理。' },
          { heading: '4. 作品与版权', text: '你发布的作品版权归你所有。你同意我们为展示和分享的目的在本服务中使用这些作品。' },
          { heading: '5. 未成年人', text: '未满十四周岁的用户，请在监护人的陪同和同意下使用本服务。' },
          { heading: '6. 协议变更', text: '协议更新时我们会在应用内提示。继续使用即表示你同意更新后的协议。' },
        ],
      },
      {
        id: 'privacy',
        title: '隐私政策',
        items: [
          { heading: '1. 我们收集的信息', text: '手机号（用于登录和找回密码）、姓名、年级、班级和所属机构（用于学校的阅读管理），以及你主动记录的阅读数据和作品。' },
          { heading: '2. 设备信息', text: '为保障账号安全，我们会在本机生成一个随机设备编号，并记录设备类型，用于识别登录终端。' },
          { heading: '3. 信息的使用', text: '这些信息仅用于提供服务、保障安全和生成你的阅读报告，不会出售给任何第三方。' },
          { heading: '4. 信息的保存', text: '登录信息加密保存在你的设备上；退出登录时会清除。你可以随时注销账号，注销后我们将删除你的资料。' },
          { heading: '5. 联系我们', text: '如对隐私有任何疑问，请通过学校老师或应用内的反馈渠道联系我们。' },
        ],
      },
    ],
  },
  en: {
    updated: 'Last updated: 1 September 2023',
    sections: [
      {
        id: 'agreement',
        title: 'User Agreement',
        items: [
          { heading: '1. The service', text: 'Habor offers students reading logs, writing and sharing works, reading tasks and a year in review. Some features need you to log in.' },
          { heading: '2. Your account', text: 'You can log in with your phone number and password, an SMS code, or your school’s single sign-on. Keep your password to yourself. Logging in on another device logs this one out.' },
          { heading: '3. Behaviour', text: 'Be kind and respectful. Do not post anything illegal, infringing, violent or unsuitable for young people. We act on content that breaks these rules.' },
          { heading: '4. Your works', text: 'You own the works you publish. You allow us to show and share them within the service.' },
          { heading: '5. Young users', text: 'If you are under 14, please use the service with the consent and help of a parent or guardian.' },
          { heading: '6. Changes', text: 'We tell you in the app when this agreement changes. Using the service afterwards means you accept the new version.' },
        ],
      },
      {
        id: 'privacy',
        title: 'Privacy Policy',
        items: [
          { heading: '1. What we collect', text: 'Your phone number (to log in and recover your account), name, grade, class and organisation (for your school’s reading programme), and the reading records and works you add.' },
          { heading: '2. Device information', text: 'To keep your account safe we create a random device code on this device and note the device type, to recognise where you are logged in.' },
          { heading: '3. How we use it', text: 'Only to provide the service, keep it secure and make your reading report. We never sell it.' },
          { heading: '4. Storage', text: 'Your login is stored encrypted on your device and cleared when you log out. You can delete your account at any time, and we then delete your profile.' },
          { heading: '5. Contact', text: 'Questions about privacy? Ask your teacher or use the feedback option in the app.' },
        ],
      },
    ],
  },
}

/** Opened at the privacy policy, the page is headed by its name, as the link that opened it was. */
const PRIVACY_TITLE = { 'zh-Hans': '隐私政策', en: 'Privacy policy' }

export default function Agreement({ page: row, query }: PageProps) {
  const lang = useLang()
  const doc = DOCS[lang]
  const privacy = query.section === 'privacy'
  const page = useMemo(() => (privacy ? { ...row, title: PRIVACY_TITLE } : row), [privacy, row])
  useEffect(() => {
    if (!privacy) return
    // The shell titles the document from the page table in this same commit, after this effect: go after it.
    queueMicrotask(() => {
      document.title = documentTitle(page, lang, true)
    })
  }, [privacy, page, lang])
  useEffect(() => {
    if (query.section) document.getElementById(`doc-${query.section}`)?.scrollIntoView()
  }, [query.section])
  return (
    <PageScaffold page={page}>
      <nav className="doc__toc" aria-label={lang === 'zh-Hans' ? '目录' : 'Contents'}>
        {doc.sections.map((s) => (
          <a key={s.id} href={`#doc-${s.id}`} className="doc__toc-link">
            {s.title}
          </a>
        ))}
      </nav>
      {doc.sections.map((s) => (
        <article key={s.id} id={`doc-${s.id}`} className="doc" aria-labelledby={`doc-${s.id}-title`}>
          <h2 id={`doc-${s.id}-title`} className="doc__title">
            {s.title}
          </h2>
          <p className="doc__updated">{doc.updated}</p>
          {s.items.map((item) => (
            <section key={item.heading} className="doc__item">
              <h3 className="doc__heading">{item.heading}</h3>
              <p className="doc__text">{item.text}</p>
            </section>
          ))}
        </article>
      ))}
    </PageScaffold>
  )
}
