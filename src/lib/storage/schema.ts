/**
 * Every persisted key, its schema version and a validator. What is read back is never trusted: a value
 * that fails its validator, has another version, or cannot be decrypted reads as missing.
 */
import type { StudentProfile } from '../../contract'
import { isNum, isRecord, isStr, isStrArray, type Guard } from '../../contract/guards'
/**
 * The profile as kept on the device: the server's user-info object (GET /auth/student, StudentProfile),
 * of which only the fields the validator checks are sure to be there (an older copy may lack the others).
 */
export type UserInfo = Pick<StudentProfile, 'id' | 'studentId' | 'roleList' | 'permList'> &
  Partial<Omit<StudentProfile, 'id' | 'studentId' | 'roleList' | 'permList' | 'org' | 'orgList'>> & {
    org?: OrgRef | null
    orgList: OrgRef[]
    [extra: string]: unknown
  }
export interface OrgRef {
  id: string
  name?: string
  code?: string
}
export interface PendingRoute {
  name: string
  query: string
}

const isOrg = (d: unknown): d is OrgRef => isRecord(d) && isStr(d.id)
/** `limited` and `birthKnown` came later: a copy kept by an older version has neither (read as not known yet). */
const isLimited = (d: unknown): boolean => d === undefined || d === null || d === 'age-unknown' || d === 'guardian-consent'
const isUser = (d: unknown): d is UserInfo =>
  isRecord(d) &&
  isStr(d.id) &&
  isStr(d.studentId) &&
  Array.isArray(d.orgList) &&
  d.orgList.every(isOrg) &&
  isStrArray(d.roleList) &&
  isStrArray(d.permList) &&
  isLimited(d.limited) &&
  (d.birthKnown === undefined || typeof d.birthKnown === 'boolean')
const isPending = (d: unknown): d is PendingRoute => isRecord(d) && isStr(d.name) && isStr(d.query)
const isLang = (d: unknown): d is 'zh-Hans' | 'en' => d === 'zh-Hans' || d === 'en'
const isOrientations = (d: unknown): d is ('portrait' | 'landscape')[] => Array.isArray(d) && d.every((o) => o === 'portrait' || o === 'landscape')
const isDrafts = (d: unknown): d is Record<string, string> => isRecord(d) && Object.values(d).every(isStr)
const isLastSeen = (d: unknown): d is Record<string, { at: number; data: unknown }> =>
  isRecord(d) && Object.values(d).every((v) => isRecord(v) && isNum(v.at) && 'data' in v)

interface KeySpec<T> {
  version: number
  valid: Guard<T>
  /** Auth keys are removed by logout; the others (device, phone, language, drafts) survive it. */
  auth: boolean
}

const spec = <T>(valid: Guard<T>, auth: boolean, version = 1): KeySpec<T> => ({ version, valid, auth })

export const SCHEMA = {
  token: spec(isStr, true),
  refreshToken: spec(isStr, true),
  tempToken: spec(isStr, true),
  user: spec(isUser, true),
  org: spec(isOrg, true),
  roleList: spec(isStrArray, true),
  orgRoleList: spec(isStrArray, true),
  permList: spec(isStrArray, true),
  pendingRoute: spec(isPending, true),
  pushClientId: spec(isStr, true),
  /** No longer written: an older version's offline copy (now lib/offline/copies.ts, in IndexedDB); an auth key, so logout removes it. */
  lastSeen: spec(isLastSeen, true),
  deviceCode: spec(isStr, false),
  lastPhone: spec(isStr, false),
  lang: spec(isLang, false),
  /** Epoch ms at which the SMS send button may be used again; 0 = ready. Reset to 0 at launch. */
  smsCountdown: spec(isNum, false),
  drafts: spec(isDrafts, false),
  /** Orientations whose rotate hint the user closed; it stays closed on later visits. */
  rotateHintDismissed: spec(isOrientations, false),
} as const

export type StorageName = keyof typeof SCHEMA
export type StorageValue<K extends StorageName> = (typeof SCHEMA)[K] extends KeySpec<infer T> ? T : never

export const AUTH_KEYS = (Object.keys(SCHEMA) as StorageName[]).filter((k) => SCHEMA[k].auth)
