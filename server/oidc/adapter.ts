/**
 * oidc-provider storage adapter on our database, so provider state survives restarts and is shared by
 * several processes. Expiry uses the real clock: the provider itself checks its artefacts against it.
 */
import type { Db } from '../db/connect'

export interface AdapterPayload {
  grantId?: string
  userCode?: string
  uid?: string
  consumed?: number
  [key: string]: unknown
}

export function dbAdapter(db: Db) {
  return class DbAdapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const row = {
        kind: this.kind,
        id,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? Date.now() + expiresIn * 1000 : null,
        consumed_at: null,
      }
      await db
        .insertInto('oidc_payloads')
        .values(row)
        .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet({ payload: row.payload, grant_id: row.grant_id, user_code: row.user_code, uid: row.uid, expires_at: row.expires_at }))
        .execute()
    }

    private async findBy(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const row = await db.selectFrom('oidc_payloads').select(['payload', 'expires_at', 'consumed_at']).where('kind', '=', this.kind).where(column, '=', value).executeTakeFirst()
      if (!row || (row.expires_at !== null && row.expires_at <= Date.now())) return undefined
      const payload = JSON.parse(row.payload) as AdapterPayload
      return row.consumed_at !== null ? { ...payload, consumed: Math.floor(row.consumed_at / 1000) } : payload
    }

    find(id: string) {
      return this.findBy('id', id)
    }

    findByUid(uid: string) {
      return this.findBy('uid', uid)
    }

    findByUserCode(userCode: string) {
      return this.findBy('user_code', userCode)
    }

    async consume(id: string): Promise<void> {
      await db.updateTable('oidc_payloads').set({ consumed_at: Date.now() }).where('kind', '=', this.kind).where('id', '=', id).execute()
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('kind', '=', this.kind).where('id', '=', id).execute()
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute()
    }
  }
}

/** Drops expired rows; called now and then so the table does not grow without bound. */
export async function purgeExpired(db: Db): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('expires_at', '<', Date.now()).execute()
}
