/**
 * The demo content of docs/contract.md: sample books, the demo student's 2023 reading records, works, a
 * published task and a recording, with the fixed ids demo-opus, demo-read, demo-task and demo-sound.
 * Idempotent: each group is inserted only when its fixed-id row is missing, so a database created before
 * this content existed gets it at the next start. Every other id is random.
 */
import type { Db } from './connect'
import { assignedTask } from '../services/classes'
import { ensureClass } from '../services/teacher'
import type { Trx } from '../services/sessions'
import { DEMO } from './seed'

export const DEMO_IDS = { opus: 'demo-opus', read: 'demo-read', task: 'demo-task', sound: 'demo-sound' } as const

/** China Standard Time: the demo student reads in Beijing. */
export const DEMO_TZ_OFFSET_MIN = 480

/** Epoch ms of a Beijing wall-clock time. */
export function beijing(y: number, m: number, d: number, h = 0, min = 0): number {
  return Date.UTC(y, m - 1, d, h, min) - DEMO_TZ_OFFSET_MIN * 60_000
}

interface Asset {
  key: string
  mime: string
  width?: number
  height?: number
  durationMs?: number
}

/** A book's cover: every one is a 360 × 504 PNG. */
const bookCover = (book: string): Asset => ({ key: `demo/book-${book}.png`, mime: 'image/png', width: 360, height: 504 })

/** Files under server/assets/ (made by server/assets/generate.mjs); their sizes are read at seed time. */
export const DEMO_ASSETS = {
  caofangzi: bookCover('caofangzi'),
  xiyouji: bookCover('xiyouji'),
  kunchongji: bookCover('kunchongji'),
  xiaowangzi: bookCover('xiaowangzi'),
  haidi: bookCover('haidi'),
  chengnan: bookCover('chengnan'),
  santi: bookCover('santi'),
  opusCover: { key: 'demo/opus-cover.png', mime: 'image/png', width: 1200, height: 630 },
  opusLeaves: { key: 'demo/opus-leaves.png', mime: 'image/png', width: 800, height: 600 },
  opusStreet: { key: 'demo/opus-street.png', mime: 'image/png', width: 800, height: 600 },
  soundCover: { key: 'demo/sound-cover.png', mime: 'image/png', width: 600, height: 600 },
  taskSheet: { key: 'demo/task-sheet.png', mime: 'image/png', width: 800, height: 1100 },
  twinkle: { key: 'demo/sound-twinkle.wav', mime: 'audio/wav', durationMs: 20_760 },
} satisfies Record<string, Asset>

type AssetName = keyof typeof DEMO_ASSETS

/** Open tasks of the demo class (its teacher is DEMO.teacher), due this many days after the seed. */
export const DEMO_OPEN_TASKS = [
  { id: 'demo-task-week', title: '《西游记》第一至十回', brief: '读完前十回，想一想：孙悟空为什么要拜师学艺？用三五句话写下你的想法。', book: '西游记', dueInDays: 3 },
  { id: 'demo-task-month', title: '观察一种身边的昆虫', brief: '学习法布尔的方法，观察一种昆虫三天，每天记录它做了什么，配一张小画。', book: '昆虫记', dueInDays: 10 },
] as const

export const DEMO_BOOKS = [
  { asset: 'caofangzi', title: '草房子', author: '曹文轩', category: '儿童文学', pages: 312 },
  { asset: 'xiyouji', title: '西游记', author: '吴承恩', category: '古典名著', pages: 980 },
  { asset: 'kunchongji', title: '昆虫记', author: '法布尔', category: '科普', pages: 356 },
  { asset: 'xiaowangzi', title: '小王子', author: '圣埃克苏佩里', category: '外国文学', pages: 128 },
  { asset: 'haidi', title: '海底两万里', author: '儒勒·凡尔纳', category: '科幻', pages: 420 },
  { asset: 'chengnan', title: '城南旧事', author: '林海音', category: '儿童文学', pages: 226 },
  { asset: 'santi', title: '三体', author: '刘慈欣', category: '科幻', pages: 302 },
] as const satisfies readonly { asset: AssetName; title: string; author: string; category: string; pages: number }[]

type BookTitle = (typeof DEMO_BOOKS)[number]['title']

export interface DemoReading {
  book: BookTitle
  /** Beijing wall clock. */
  at: [number, number, number, number, number]
  minutes: number
  pages: number
  notes?: string
}

/** A small deterministic generator, so the demo year is the same on every machine. */
function prng(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const NOTES: Partial<Record<BookTitle, string[]>> = {
  草房子: ['桑桑剪了蚊帐去做渔网，被妈妈发现了，好好笑。', '秃鹤其实很在乎别人的眼光，读到他演戏那段我有点想哭。', '纸月的故事很安静，像油麻地的河水。'],
  西游记: ['三打白骨精：孙悟空被误会的时候一定很委屈。', '真假美猴王，两个悟空连观音菩萨都分不出来。'],
  昆虫记: ['原来蝉要在地下待四年，才换来一个夏天的歌唱。', '圣甲虫推粪球的样子被法布尔写得像一场比赛。', '螳螂捕食那一章有点吓人，但写得真细。'],
  小王子: ['“真正重要的东西，用眼睛是看不见的。”', '狐狸说的“驯服”，就是建立联系。'],
  海底两万里: ['鹦鹉螺号的动力来自电，凡尔纳那个年代就想到了。', '海底森林散步那段，想去潜水。'],
  城南旧事: ['英子看世界的眼睛特别干净。', '“爸爸的花儿落了，我也不再是小孩子。”'],
  三体: ['三体游戏里的乱纪元和恒纪元，终于明白名字的意思了。', '红岸基地那段历史感好强。'],
}

/**
 * The demo student's 2023: about sixty sessions over the year — two streaks that cross a month boundary
 * (24 Jan – 9 Feb, 27 Jul – 4 Aug), scattered days in between, mostly evenings with some early mornings,
 * weekend afternoons and a few late nights. The last day of the first streak is demo-read.
 */
export function demoReadings(): { records: DemoReading[]; demoReadIndex: number } {
  const rnd = prng(2023)
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T
  const days: [number, number, number][] = []
  for (let d = 24; d <= 31; d++) days.push([2023, 1, d])
  for (let d = 1; d <= 9; d++) days.push([2023, 2, d])
  const scattered: [number, number][] = [
    [1, 3], [1, 8], [1, 15], [2, 18], [2, 26], [3, 4], [3, 12], [3, 19], [3, 25], [4, 2], [4, 9], [4, 16], [4, 22], [5, 1], [5, 13], [5, 20], [5, 28],
    [6, 3], [6, 10], [6, 18], [6, 24], [7, 8], [7, 15], [8, 19], [8, 27], [9, 9], [9, 17], [9, 24], [10, 2], [10, 5], [10, 21], [11, 4], [11, 12], [11, 25], [12, 9], [12, 16], [12, 23], [12, 30],
  ]
  for (const [m, d] of scattered) days.push([2023, m, d])
  for (let d = 27; d <= 31; d++) days.push([2023, 7, d])
  for (let d = 1; d <= 4; d++) days.push([2023, 8, d])
  days.sort((a, b) => a[1] - b[1] || a[2] - b[2])

  const bookFor = (m: number, d: number): BookTitle => {
    if (m === 1 && d < 20) return '西游记'
    if (m <= 2) return '草房子'
    if (m <= 4) return '昆虫记'
    if (m === 5) return '小王子'
    if (m <= 7) return '海底两万里'
    if (m <= 9) return '城南旧事'
    return '三体'
  }
  const records: DemoReading[] = days.map(([y, m, d]) => {
    const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay()
    const slot = rnd()
    // Mostly evenings after homework; early mornings on some school days; afternoons at weekends; a few late nights.
    const [h, min] =
      weekday === 0 || weekday === 6
        ? slot < 0.6
          ? [14 + Math.floor(rnd() * 3), Math.floor(rnd() * 60)]
          : [20, Math.floor(rnd() * 50)]
        : slot < 0.62
          ? [19 + Math.floor(rnd() * 2), Math.floor(rnd() * 60)]
          : slot < 0.88
            ? [6, 20 + Math.floor(rnd() * 35)]
            : [22, Math.floor(rnd() * 30)]
    const minutes = 15 + Math.floor(rnd() * 10) * 5
    const book = bookFor(m, d)
    const notes = rnd() < 0.3 ? pick(NOTES[book] ?? []) : undefined
    return { book, at: [y, m, d, h, min], minutes, pages: Math.max(6, Math.round(minutes * (0.6 + rnd() * 0.4))), ...(notes ? { notes } : {}) }
  })
  const demoReadIndex = records.findIndex((r) => r.at[1] === 2 && r.at[2] === 9)
  const last = records[demoReadIndex]
  if (last) {
    last.at = [2023, 2, 9, 20, 15]
    last.minutes = 45
    last.pages = 38
    last.notes = '今天读完了《草房子》！最喜欢桑桑，他调皮又善良。油麻地的一年，好像我也在那里生活过。连续读书的第 17 天，给自己点个赞。'
  }
  return { records, demoReadIndex }
}

async function demoStudent(db: Db): Promise<{ studentId: string; userId: string } | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('students', 'students.user_id', 'users.id')
    .select(['students.id as studentId', 'users.id as userId'])
    .where('users.phone', '=', DEMO.student.phone)
    .executeTakeFirst()
}

/** The media row of a shipped file, created on first use. */
async function assetId(trx: Trx, name: AssetName, now: number, sizes: (key: string) => number): Promise<string> {
  const a: Asset = DEMO_ASSETS[name]
  const found = await trx.selectFrom('media').select('id').where('storage', '=', 'asset').where('key', '=', a.key).executeTakeFirst()
  if (found) return found.id
  const id = crypto.randomUUID()
  await trx
    .insertInto('media')
    .values({ id, owner_user_id: null, mime: a.mime, size: sizes(a.key), width: a.width ?? null, height: a.height ?? null, duration_ms: a.durationMs ?? null, storage: 'asset', key: a.key, created_at: now })
    .execute()
  return id
}

/** Inserts whatever demo content is missing. Returns the names of the groups it created. */
export async function seedDemoContent(db: Db, now: number, sizes: (key: string) => number): Promise<string[]> {
  const owner = await demoStudent(db)
  if (!owner) return []
  const org = await db.selectFrom('orgs').select('id').where('code', '=', DEMO.orgs[0].code).executeTakeFirst()
  const created: string[] = []
  await db.transaction().execute(async (trx) => {
    const has = async (table: 'reading_records' | 'works' | 'tasks' | 'sounds', id: string) => Boolean(await trx.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst())
    const asset = (name: AssetName) => assetId(trx, name, now, sizes)

    if (!(await has('reading_records', DEMO_IDS.read))) {
      const bookIds = new Map<string, string>()
      for (const b of DEMO_BOOKS) {
        const found = await trx.selectFrom('books').select('id').where('title', '=', b.title).where('author', '=', b.author).executeTakeFirst()
        const id = found?.id ?? crypto.randomUUID()
        if (!found) await trx.insertInto('books').values({ id, title: b.title, author: b.author, category: b.category, cover_media_id: await asset(b.asset), total_pages: b.pages, created_at: now }).execute()
        bookIds.set(b.title, id)
      }
      const { records, demoReadIndex } = demoReadings()
      for (const [i, r] of records.entries()) {
        const readAt = beijing(...r.at)
        await trx
          .insertInto('reading_records')
          .values({
            id: i === demoReadIndex ? DEMO_IDS.read : crypto.randomUUID(),
            student_id: owner.studentId,
            book_id: bookIds.get(r.book) ?? '',
            read_at: readAt,
            tz_offset_min: DEMO_TZ_OFFSET_MIN,
            minutes: r.minutes,
            pages: r.pages,
            notes: r.notes ?? null,
            shareable: i === demoReadIndex ? 1 : 0,
            deleted_at: null,
            created_at: readAt + r.minutes * 60_000,
            updated_at: readAt + r.minutes * 60_000,
          })
          .execute()
      }
      created.push('reading')
    }

    if (!(await has('works', DEMO_IDS.opus))) {
      const twinkle = await asset('twinkle')
      const work = (id: string, at: number, title: string, body: string, extra: { cover?: string; images?: string[]; audio?: string; shareable?: boolean; deletedAt?: number } = {}) =>
        trx
          .insertInto('works')
          .values({
            id,
            student_id: owner.studentId,
            org_id: org?.id ?? null,
            title,
            body,
            cover_media_id: extra.cover ?? null,
            images: JSON.stringify(extra.images ?? []),
            audio_media_id: extra.audio ?? null,
            shareable: extra.shareable === false ? 0 : 1,
            deleted_at: extra.deletedAt ?? null,
            created_at: at,
            updated_at: extra.deletedAt ?? at,
          })
          .execute()
      await work(
        DEMO_IDS.opus,
        beijing(2023, 11, 12, 16, 40),
        '门前的银杏树',
        [
          '我家门前有一棵银杏树，比我们这栋楼还要老。爷爷说，他搬来的时候，它就已经这么高了。',
          '春天，它发出小扇子一样的新叶，嫩得能掐出水来；夏天，它把影子铺在楼下，放学后我们就在树荫里跳绳。',
          '最好看的是十一月。一夜北风以后，满树的叶子忽然全黄了，阳光一照，像挂了一树的小灯笼。叶子落下来的时候不慌不忙，一片一片，转着圈，好像在跟树告别。',
          '我捡了好多片夹在《草房子》里当书签。每次翻开书，都能闻到一点秋天的味道。',
          '妈妈说，银杏是“活化石”，从恐龙时代一直活到今天。我想，它一定见过很多很多个秋天，也一定还会等来很多很多个春天。',
        ].join('\n\n'),
        { cover: await asset('opusCover'), images: [await asset('opusLeaves'), await asset('opusStreet')], audio: twinkle },
      )
      await work(
        crypto.randomUUID(),
        beijing(2023, 4, 20, 19, 30),
        '读《昆虫记》有感',
        '法布尔用了一辈子观察虫子。他写蝉在地下等了四年，只为在阳光下唱一个夏天。读完以后，我在小区的草丛里蹲了一下午，第一次认真看一只蚂蚁搬家。',
        { cover: await asset('kunchongji') },
      )
      await work(crypto.randomUUID(), beijing(2023, 2, 15, 21, 0), '我的寒假', '这个寒假我每天都读书，连续读了十七天，读完了《草房子》。', { shareable: false })
      await work(crypto.randomUUID(), beijing(2023, 6, 1, 18, 0), '草稿', '（未完成）', { shareable: false, deletedAt: beijing(2023, 6, 2, 9, 0) })
      created.push('works')
    }

    if (org && !(await has('tasks', DEMO_IDS.task))) {
      await trx
        .insertInto('tasks')
        .values({
          id: DEMO_IDS.task,
          org_id: org.id,
          publisher_user_id: null,
          publisher_name: '李老师',
          class_name: `${DEMO.student.grade} ${DEMO.student.className}`,
          title: '《草房子》整本书阅读',
          brief: [
            '寒假里，请同学们读完曹文轩的《草房子》。',
            '1. 每天至少阅读 20 分钟，并在 App 里打卡；',
            '2. 完成附件里的阅读单，摘抄三个打动你的句子；',
            '3. 开学第一周的读书分享会上，用三分钟讲讲你最喜欢的人物。',
            '读书不求快，慢慢读，读出自己的感受。',
          ].join('\n'),
          due_at: beijing(2023, 2, 12, 23, 59),
          attachments: JSON.stringify([{ mediaId: await asset('taskSheet'), name: '《草房子》阅读单.png' }]),
          shareable: 1,
          deleted_at: null,
          created_at: beijing(2023, 1, 13, 10, 0),
          updated_at: beijing(2023, 1, 13, 10, 0),
        })
        .execute()
      created.push('task')
    }

    // Open tasks for the demo student's class, due a few days after the seed, so Home has something to do.
    if (org) {
      const teacher = await trx.selectFrom('users').select('id').where('phone', '=', DEMO.teacher.phone).executeTakeFirst()
      const book = async (title: string) => (await trx.selectFrom('books').select('id').where('title', '=', title).executeTakeFirst())?.id ?? null
      for (const t of DEMO_OPEN_TASKS) {
        if (await has('tasks', t.id)) continue
        await trx
          .insertInto('tasks')
          .values(
            assignedTask(
              {
                id: t.id,
                org_id: org.id,
                publisher_user_id: teacher?.id ?? null,
                publisher_name: DEMO.teacher.name,
                grade: DEMO.student.grade,
                class_name: DEMO.student.className,
                class_id: await ensureClass(trx, org.id, DEMO.student.grade, DEMO.student.className, now),
                book_id: await book(t.book),
                title: t.title,
                brief: t.brief,
                due_at: now + t.dueInDays * 86_400_000,
              },
              now,
            ),
          )
          .execute()
        created.push(t.id)
      }
    }

    if (!(await has('sounds', DEMO_IDS.sound))) {
      await trx
        .insertInto('sounds')
        .values({
          id: DEMO_IDS.sound,
          student_id: owner.studentId,
          title: '口琴练习：小星星',
          description: '学口琴的第三周，终于能完整吹下来一首曲子啦。',
          audio_media_id: await asset('twinkle'),
          cover_media_id: await asset('soundCover'),
          duration_ms: DEMO_ASSETS.twinkle.durationMs,
          shareable: 1,
          deleted_at: null,
          created_at: beijing(2023, 12, 3, 15, 20),
          updated_at: beijing(2023, 12, 3, 15, 20),
        })
        .execute()
      created.push('sound')
    }
  })
  return created
}
