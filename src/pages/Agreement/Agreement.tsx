/**
 * Agreement: the user agreement, the privacy policy and the children's rules (儿童个人信息保护规则, versioned by
 * CHILDREN_RULES_VERSION, docs/privacy.md), as readable text; `?section=privacy` or `?section=children` opens one.
 */
import { useEffect, useMemo } from 'react'
import { CHILDREN_RULES_VERSION } from '../../contract/guardian'
import { documentTitle } from '../../i18n/title'
import type { PageProps } from '../../../manifest/pages'
import { useLang } from '../../state/app'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import './Agreement.css'

interface Section {
  id: string
  title: string
  /** Replaces the document's date line: the children's rules name their version. */
  updated?: string
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
      {
        id: 'children',
        title: '儿童个人信息保护规则',
        updated: `版本 ${CHILDREN_RULES_VERSION}（写给家长和监护人）`,
        items: [
          { heading: '1. 适用范围', text: '本规则适用于未满十四周岁的学生（儿童）。儿童的个人信息属于敏感个人信息，只有在您作为父母或其他监护人单独同意后，我们才会让孩子公开分享内容。' },
          { heading: '2. 我们收集什么、为什么', text: '手机号（登录）；姓名、年级、班级和学校（老师布置任务、同学之间相互认识）；出生年月（只存年和月，用来判断是否需要您的同意）；孩子主动记录的阅读记录、作品、贺卡和录音（孩子使用的功能本身）；完成的任务和收到的通知。我们不收集出生日、住址、位置、通讯录。' },
          { heading: '3. 未同意时', text: '在您同意之前，孩子可以阅读和保存只给自己看的内容，但不能公开贺卡或报告、不能上传录音，也不会出现在其他同学的邀请名单里。已公开的内容会变为仅自己可见。' },
          { heading: '4. 如何同意', text: '孩子在应用里填写您的手机号，您会收到一条验证码短信。请读完本规则，再在孩子的设备上输入验证码确认。我们记录同意的手机号、时间和本规则的版本。规则更新后会再次请您确认。' },
          { heading: '5. 保存在哪里、保存多久', text: '数据保存在提供本服务的服务器上，账号存在期间保存；注销后删除资料、作品、贺卡、录音文件、报告和通知。验证码 5 分钟内有效。' },
          { heading: '6. 谁能看到', text: '孩子本人；孩子所在学校的老师能看到姓名、年级和班级；只有在您同意、且孩子选择公开后，其他人才能通过分享链接看到对应的作品或报告。我们不向任何第三方出售或提供孩子的信息。' },
          { heading: '7. 查看、更正、撤回和删除', text: '您可以打开“家长页面”（/guardian），用您的手机号和验证码登录，查看并下载孩子的全部数据和录音，更正孩子的资料，撤回同意（孩子的账号回到受限状态，公开内容变为仅自己可见），或注销孩子的账号。' },
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
      {
        id: 'children',
        title: "Children's Personal Information Rules",
        updated: `Version ${CHILDREN_RULES_VERSION} (written for parents and guardians)`,
        items: [
          { heading: '1. Who these rules are for', text: 'Students under 14 (children). A child’s personal information is sensitive: only after you, as parent or guardian, consent separately can your child share anything publicly.' },
          { heading: '2. What we collect and why', text: 'Phone number (to log in); name, grade, class and school (so teachers can set tasks and classmates know each other); month and year of birth (only year and month, to know whether your consent is needed); the reading records, works, cards and recordings your child makes (the features themselves); tasks done and notifications. We do not collect the day of birth, address, location or contacts.' },
          { heading: '3. Before you consent', text: 'Your child can read and keep private things, but cannot make a card or report public, cannot upload recordings, and does not appear in other students’ invitation lists. Anything already public becomes private.' },
          { heading: '4. How to consent', text: 'Your child enters your mobile number in the app and you receive a code by SMS. Read these rules, then enter the code on your child’s device. We record your number, the time and the version of these rules. When the rules change, we ask you again.' },
          { heading: '5. Where and for how long', text: 'On the servers that run this service, while the account exists; when it is deleted, the profile, works, cards, recording files, reports and notifications are deleted. A code is valid for 5 minutes.' },
          { heading: '6. Who can see it', text: 'Your child; your child’s teachers see the name, grade and class; others see a work or report only through its share link, after you consented and your child chose to share it. We never sell or give your child’s information to anyone.' },
          { heading: '7. See, correct, withdraw, delete', text: 'Open the guardian’s page (/guardian), sign in with your phone number and a code, and see and download all of your child’s data and recordings, correct the profile, withdraw consent (the account is limited again and public things become private) or delete the account.' },
        ],
      },
    ],
  },
}

/** Opened at the privacy policy, the page is headed by its name, as the link that opened it was. */
const PRIVACY_TITLE = { 'zh-Hans': '隐私政策', en: 'Privacy policy' }
const CHILDREN_TITLE = { 'zh-Hans': '儿童个人信息保护规则', en: "Children's rules" }

export default function Agreement({ page: row, query }: PageProps) {
  const lang = useLang()
  const doc = DOCS[lang]
  const privacy = query.section === 'privacy' || query.section === 'children'
  const page = useMemo(() => (privacy ? { ...row, title: query.section === 'children' ? CHILDREN_TITLE : PRIVACY_TITLE } : row), [privacy, row, query.section])
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
          <p className="doc__updated">{s.updated ?? doc.updated}</p>
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
