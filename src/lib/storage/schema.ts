/**
 * Every persisted key, its schema version and a validator. What is read back is never trusted: a value
 * that fails its validator, has another version, or cannot be decrypted reads as missing.
 */
import type { StudentProfile } from '../../contract'
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

type Validator<T> = (data: unknown) => data is T

const isString = (d: unknown): d is string => typeof d === 'string'
const isNumber = (d: unknown): d is number => typeof d === 'number' && Number.isFinite(d)
const isStringArray = (d: unknown): d is string[] => Array.isArray(d) && d.every(isString)
const isRecord = (d: unknown): d is Record<string, unknown> => typeof d === 'object' && d !== null && !Array.isArray(d)
const isOrg = (d: unknown): d is OrgRef => isRecord(d) && isString(d.id)
const isUser = (d: unknown): d is UserInfo =>
  isRecord(d) &&
  isString(d.id) &&
  isString(d.studentId) &&
  Array.isArray(d.orgList) &&
  d.orgList.every(isOrg) &&
  isStringArray(d.roleList) &&
  isStringArray(d.permList)
const isPending = (d: unknown): d is PendingRoute => isRecord(d) && isString(d.name) && isString(d.query)
const isLang = (d: unknown): d is 'zh-Hans' | 'en' => d === 'zh-Hans' || d === 'en'
const isOrientations = (d: unknown): d is ('portrait' | 'landscape')[] => Array.isArray(d) && d.every((o) => o === 'portrait' || o === 'landscape')
const isDrafts = (d: unknown): d is Record<string, string> => isRecord(d) && Object.values(d).every(isString)
const isLastSeen = (d: unknown): d is Record<string, { at: number; data: unknown }> =>
  isRecord(d) && Object.values(d).every((v) => isRecord(v) && isNumber(v.at) && 'data' in v)

interface KeySpec<T> {
  version: number
  valid: Validator<T>
  /** Auth keys are removed by logout; the others (device, phone, language, drafts) survive it. */
  auth: boolean
}

const spec = <T>(valid: Validator<T>, auth: boolean, version = 1): KeySpec<T> => ({ version, valid, auth })

export const SCHEMA = {
  token: spec(isString, true),
  refreshToken: spec(isString, true),
  tempToken: spec(isString, true),
  user: spec(isUser, true),
  org: spec(isOrg, true),
  roleList: spec(isStringArray, true),
  orgRoleList: spec(isStringArray, true),
  permList: spec(isStringArray, true),
  pendingRoute: spec(isPending, true),
  pushClientId: spec(isString, true),
  /** No longer written: an older version's offline copy (now lib/offline/copies.ts, in IndexedDB); an auth key, so logout removes it. */
  lastSeen: spec(isLastSeen, true),
  deviceCode: spec(isString, false),
  lastPhone: spec(isString, false),
  lang: spec(isLang, false),
  /** Epoch ms at which the SMS send button may be used again; 0 = ready. Reset to 0 at launch. */
  smsCountdown: spec(isNumber, false),
  drafts: spec(isDrafts, false),
  /** Orientations whose rotate hint the user closed; it stays closed on later visits. */
  rotateHintDismissed: spec(isOrientations, false),
} as const

export type StorageName = keyof typeof SCHEMA
export type StorageValue<K extends StorageName> = (typeof SCHEMA)[K] extends KeySpec<infer T> ? T : never

export const AUTH_KEYS = (Object.keys(SCHEMA) as StorageName[]).filter((k) => SCHEMA[k].auth)
