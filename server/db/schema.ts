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

export interface Database {
  orgs: OrgTable
  users: UserTable
  students: StudentTable
  memberships: MembershipTable
  sessions: SessionTable
  refresh_tokens: RefreshTokenTable
  sms_codes: SmsCodeTable
  oauth_identities: OauthIdentityTable
  oauth_states: OauthStateTable
  invite_codes: InviteCodeTable
  invitations: InvitationTable
  signed_nonces: SignedNonceTable
  oidc_payloads: OidcPayloadTable
}
