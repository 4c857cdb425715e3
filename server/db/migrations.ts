/** Versioned migrations for Kysely's Migrator. Portable types only, so SQLite and PostgreSQL share them. */
import type { Kysely, Migration, MigrationProvider } from 'kysely'
import { cards } from './migrations/cards'
import { classes } from './migrations/classes'
import { content } from './migrations/content'
import { guardian } from './migrations/guardian'
import { hardening } from './migrations/hardening'
import { idempotency } from './migrations/idempotency'
import { inbox } from './migrations/inbox'
import { reports } from './migrations/reports'
import { push } from './migrations/push'
import { secrets } from './migrations/secrets'
import { taskProgress } from './migrations/taskProgress'
import { teacher } from './migrations/teacher'

// Migrations see the database as it was when they were written, not as it is now.
type AnyDb = Kysely<unknown>

const init: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('orgs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('phone', 'text', (c) => c.unique())
      .addColumn('password_hash', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('students')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('grade', 'text', (c) => c.notNull())
      .addColumn('class_name', 'text', (c) => c.notNull())
      .addColumn('avatar', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('memberships')
      .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
      .addColumn('org_id', 'text', (c) => c.notNull().references('orgs.id'))
      .addColumn('roles', 'text', (c) => c.notNull())
      .addColumn('perms', 'text', (c) => c.notNull())
      .addColumn('is_primary', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('memberships_pk', ['student_id', 'org_id'])
      .execute()
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('device_type', 'text', (c) => c.notNull())
      .addColumn('device_code', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('revoked_reason', 'text')
      .execute()
    await db.schema.createIndex('sessions_slot').on('sessions').columns(['user_id', 'app_id', 'device_type']).execute()
    await db.schema
      .createTable('refresh_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute()
    await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute()
    await db.schema
      .createTable('sms_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('scene', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('ip', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute()
    await db.schema.createIndex('sms_codes_phone').on('sms_codes').columns(['phone', 'created_at']).execute()
    await db.schema.createIndex('sms_codes_ip').on('sms_codes').columns(['ip', 'created_at']).execute()
    await db.schema
      .createTable('oauth_identities')
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('oauth_identities_pk', ['provider', 'subject'])
      .execute()
    await db.schema.createIndex('oauth_identities_user').on('oauth_identities').column('user_id').execute()
    await db.schema
      .createTable('oauth_states')
      .addColumn('state', 'text', (c) => c.primaryKey())
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('code_verifier', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('invite_codes')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('owner_user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('invitations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('inviter_user_id', 'text', (c) => c.notNull())
      .addColumn('invitee_user_id', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('invitations_inviter').on('invitations').column('inviter_user_id').execute()
    await db.schema
      .createTable('signed_nonces')
      .addColumn('nonce', 'text', (c) => c.primaryKey())
      .addColumn('seen_at', 'bigint', (c) => c.notNull())
      .execute()
  },
  async down(db: AnyDb) {
    for (const t of ['signed_nonces', 'invitations', 'invite_codes', 'oauth_states', 'oauth_identities', 'sms_codes', 'refresh_tokens', 'sessions', 'memberships', 'students', 'users', 'orgs']) {
      await db.schema.dropTable(t).execute()
    }
  },
}

/** State of the embedded OIDC provider (sessions, interactions, codes, grants), shared by every process. */
const oidcPayloads: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('oidc_payloads')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'text')
      .addColumn('user_code', 'text')
      .addColumn('uid', 'text')
      .addColumn('expires_at', 'bigint')
      .addColumn('consumed_at', 'bigint')
      .addPrimaryKeyConstraint('oidc_payloads_pk', ['kind', 'id'])
      .execute()
    await db.schema.createIndex('oidc_payloads_grant').on('oidc_payloads').column('grant_id').execute()
    await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').column('uid').execute()
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('oidc_payloads').execute()
  },
}

export const MIGRATIONS: Record<string, Migration> = { '0001_init': init, '0002_oidc_payloads': oidcPayloads, '0003_content': content, '0005_cards': cards, '0006_reports': reports, '0007_hardening': hardening, '0008_idempotency': idempotency, '0009_secrets': secrets, '0010_task_progress': taskProgress, '0011_push': push, '0012_inbox': inbox, '0013_classes': classes, '0014_guardian': guardian, '0015_teacher': teacher }

export const migrationProvider: MigrationProvider = { getMigrations: async () => MIGRATIONS }
