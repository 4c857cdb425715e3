/**
 * Table types for Kysely. Times are epoch milliseconds (bigint), flags are 0/1 integers and lists are
 * JSON text, so the same migrations run on SQLite and PostgreSQL.
 */
export interface OrgTable {
  id: string
  code: string
  name: string
  created_at: number
}

export type UserStatus = 'active' | 'disabled' | 'deleted'

export interface UserTable {
  id: string
  /** '+86…', unique; null for an OAuth account before binding, and after deletion. */
  phone: string | null
  password_hash: string | null
  status: UserStatus
  created_at: number
  updated_at: number
}

export interface StudentTable {
  id: string
  user_id: string
  name: string
  grade: string
  class_name: string
  /** The class a teacher confirmed (0013_classes): tasks come from it; null until one is confirmed. */
  confirmed_grade: string | null
  confirmed_class: string | null
  /** Month and year of birth (0014_guardian), null until asked (docs/privacy.md). */
  birth_year: number | null
  birth_month: number | null
  avatar: string | null
  created_at: number
  updated_at: number
}

export interface MembershipTable {
  student_id: string
  org_id: string
  /** JSON string[] */
  roles: string
  /** JSON string[] */
  perms: string
  is_primary: number
  created_at: number
}

export interface SessionTable {
  id: string
  user_id: string
  app_id: string
  device_type: string
  device_code: string
  created_at: number
  last_used_at: number
  revoked_at: number | null
  revoked_reason: string | null
}

/** One row per refresh token ever issued; a session is the token family. */
export interface RefreshTokenTable {
  token_hash: string
  session_id: string
  created_at: number
  expires_at: number
  /** When it was exchanged for a successor. */
  used_at: number | null
}

/** A password check in progress or a wrong password, counted in the account's window. */
export interface PasswordAttemptTable {
  id: string
  /** `phone:<number>` for an account with a phone, `user:<id>` otherwise. */
  key: string
  at: number
}

export interface SmsCodeTable {
  id: string
  phone: string
  scene: string
  code_hash: string
  ip: string | null
  created_at: number
  expires_at: number
  attempts: number
  consumed_at: number | null
  /** The account a guardian's code was sent for (0014_guardian); null for every other code. */
  subject: string | null
}

export interface OauthIdentityTable {
  /** Issuer URL, or `wechat:<appid>`. */
  provider: string
  subject: string
  user_id: string
  created_at: number
}

export interface OauthStateTable {
  state: string
  issuer: string
  code_verifier: string
  nonce: string
  redirect_uri: string
  expires_at: number
}

export interface InviteCodeTable {
  code: string
  owner_user_id: string
  created_at: number
}

export interface InvitationTable {
  id: string
  code: string
  inviter_user_id: string
  invitee_user_id: string
  created_at: number
}

export interface SignedNonceTable {
  nonce: string
  seen_at: number
}

export interface OidcPayloadTable {
  /** oidc-provider model name (Session, Interaction, AuthorizationCode, Grant, …). */
  kind: string
  id: string
  /** JSON */
  payload: string
  grant_id: string | null
  user_code: string | null
  uid: string | null
  expires_at: number | null
  consumed_at: number | null
}

/** Where a media file's bytes live: `asset` = shipped with the server (server/assets/<key>), `file` = DATA_DIR/media/<key>. */
export type MediaStorage = 'asset' | 'file'

/** An uploaded or shipped file (cover, image, audio, attachment), served by id with ranges. */
export interface MediaTable {
  id: string
  owner_user_id: string | null
  mime: string
  size: number
  width: number | null
  height: number | null
  /** Audio length. */
  duration_ms: number | null
  storage: MediaStorage
  key: string
  created_at: number
}

/** A book of the shared catalogue. */
export interface BookTable {
  id: string
  title: string
  author: string
  /** Category label as shown to readers (e.g. 儿童文学, 科普). */
  category: string
  cover_media_id: string | null
  total_pages: number | null
  created_at: number
}

/**
 * One reading session of a student. `read_at` is when it started (epoch ms, UTC) and `tz_offset_min`
 * the reader's UTC offset then (480 in China), so the local day and time of day are
 * `read_at + tz_offset_min * 60000` read as UTC — streaks and "favourite time of day" come from that.
 */
export interface ReadingRecordTable {
  id: string
  student_id: string
  book_id: string
  read_at: number
  tz_offset_min: number
  minutes: number
  pages: number
  notes: string | null
  shareable: number
  deleted_at: number | null
  created_at: number
  updated_at: number
}

/** A student's work (opus): text with optional cover, images and a recording. */
export interface WorkTable {
  id: string
  student_id: string
  /** The organisation it was made in; null when made outside one. */
  org_id: string | null
  title: string
  body: string
  cover_media_id: string | null
  /** JSON string[] of media ids, in order. */
  images: string
  audio_media_id: string | null
  shareable: number
  deleted_at: number | null
  created_at: number
  updated_at: number
}

/** An attachment of a task, as stored in `tasks.attachments` (JSON array). */
export interface TaskAttachmentRow {
  mediaId: string
  name: string
}

/** A task a teacher published to a class (the teacher's side writes these, docs/contract.md "The teacher's calls"). */
export interface TaskTable {
  id: string
  org_id: string
  publisher_user_id: string | null
  publisher_name: string
  /** With class_name, the class the task is for; null: every class of that name (tasks from before 0010). */
  grade: string | null
  class_name: string
  /** The class's row (0015_teacher); null for a task from before 0010 whose grade is not known. */
  class_id: string | null
  /** The last reminder (0015_teacher): one per task an hour. */
  reminded_at: number | null
  /** The book the task is about, if any. */
  book_id: string | null
  title: string
  brief: string
  due_at: number | null
  /** JSON TaskAttachmentRow[] */
  attachments: string
  shareable: number
  deleted_at: number | null
  created_at: number
  updated_at: number
}

/** A student's recording. */
export interface SoundTable {
  id: string
  student_id: string
  title: string
  description: string | null
  audio_media_id: string
  cover_media_id: string | null
  duration_ms: number
  shareable: number
  deleted_at: number | null
  created_at: number
  updated_at: number
}

/** A student's "done" on a task: one row per task and student (0010_task_progress). */
export interface TaskCompletionTable {
  task_id: string
  student_id: string
  done_at: number
}

/** Secrets generated once and shared by every node (0009_secrets). */
export interface ServerSecretTable {
  name: string
  value: string
  created_at: number
}

/** A browser's Web Push subscription, one per session (0011_push). */
export interface PushSubscriptionTable {
  id: string
  session_id: string
  user_id: string
  endpoint: string
  p256dh: string
  auth: string
  lang: string
  created_at: number
}

/** A kind of notification a user has turned off. */
export interface PushMutedTable {
  user_id: string
  kind: string
}

/** A notification waiting to be sent or retried. */
export interface PushQueueTable {
  id: string
  subscription_id: string
  payload: string
  attempts: number
  next_at: number
  claimed_until: number
  created_at: number
}

/** An in-app notification for one account (0012_inbox). */
export interface InboxTable {
  id: string
  user_id: string
  kind: string
  url: string
  /** JSON: `{ 'zh-Hans': { title, body }, en: { title, body } }`. */
  texts: string
  created_at: number
  read_at: number | null
}

/** A Mother's Day card's recording (0005_cards). */
export interface CardAudioTable {
  id: string
  owner_user_id: string
  mime: string
  size: number
  duration_ms: number
  /** File name under DATA_DIR/cards. */
  key: string
  created_at: number
}

/** A Mother's Day card (0005_cards); a deleted card keeps its row with `deleted_at`. */
export interface CardTable {
  id: string
  user_id: string
  design: string
  recipient: string
  message: string
  audio_id: string | null
  shareable: number
  deleted_at: number | null
  created_at: number
  updated_at: number
  /** When someone other than the author first opened it (0011_push). */
  first_opened_at: number | null
}

/** A student's year in review, one per account and year (0006_reports). */
export interface ReportTable {
  id: string
  user_id: string
  year: number
  /** JSON ReportFigures */
  figures: string
  /** JSON SlideKind[] */
  hidden: string
  shareable: number
  invite_code: string | null
  created_at: number
  updated_at: number
}

/** A guardian's consent for a child's account (0014_guardian, docs/privacy.md). */
export interface GuardianConsentTable {
  id: string
  user_id: string
  /** '+86…' */
  guardian_phone: string
  /** The version of the children's rules the guardian read (src/contract/guardian.ts). */
  rules_version: string
  consented_at: number
  withdrawn_at: number | null
}

/** A guardian signed in on the guardian's page: the token's SHA-256 and the phone it proved. */
export interface GuardianSessionTable {
  token_hash: string
  phone: string
  created_at: number
  expires_at: number
}

/** A class of an organisation (0015_teacher): grade and class name as the students' profiles have them. */
export interface ClassTable {
  id: string
  org_id: string
  grade: string
  class_name: string
  created_at: number
}

/** Who teaches which class (0015_teacher); the operator's import and the demo seed fill it. */
export interface TeacherClassTable {
  user_id: string
  class_id: string
  created_at: number
}

/** A teacher's "no" to the class a student declares (0015_teacher); it stands while the profile declares that class. */
export interface ClassRefusalTable {
  student_id: string
  org_id: string
  grade: string
  class_name: string
  refused_by: string | null
  refused_at: number
}

/** When a student first opened a task (0015_teacher). */
export interface TaskReadTable {
  task_id: string
  student_id: string
  read_at: number
}

/** What the teacher's side did (0015_teacher, docs/privacy.md "The audit log"): kept for a year. */
export type AuditAction = 'class-confirm' | 'class-refuse' | 'class-remove' | 'task-remind'

export interface AuditLogTable {
  id: string
  /** The teacher's account; null once that account is deleted. */
  actor_user_id: string | null
  action: AuditAction
  /** Whom or what it was done to: a student's id, or a task's for a reminder. */
  subject: string
  org_id: string | null
  /** JSON: the class, or the number reminded; never a name, phone number or text the student wrote. */
  details: string
  at: number
}

export interface Database {
  classes: ClassTable
  teacher_classes: TeacherClassTable
  class_refusals: ClassRefusalTable
  task_reads: TaskReadTable
  audit_log: AuditLogTable
  guardian_consents: GuardianConsentTable
  guardian_sessions: GuardianSessionTable
  inbox: InboxTable
  push_subscriptions: PushSubscriptionTable
  push_muted: PushMutedTable
  push_queue: PushQueueTable
  server_secrets: ServerSecretTable
  task_completions: TaskCompletionTable
  orgs: OrgTable
  users: UserTable
  students: StudentTable
  memberships: MembershipTable
  sessions: SessionTable
  refresh_tokens: RefreshTokenTable
  sms_codes: SmsCodeTable
  password_attempts: PasswordAttemptTable
  oauth_identities: OauthIdentityTable
  oauth_states: OauthStateTable
  invite_codes: InviteCodeTable
  invitations: InvitationTable
  signed_nonces: SignedNonceTable
  oidc_payloads: OidcPayloadTable
  media: MediaTable
  books: BookTable
  reading_records: ReadingRecordTable
  works: WorkTable
  tasks: TaskTable
  sounds: SoundTable
  cards: CardTable
  card_audio: CardAudioTable
  reports: ReportTable
}
