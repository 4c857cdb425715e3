/**
 * Stored auth state of docs/product.md "Stored state". Every change is written through to encrypted storage; a failed write
 * (storage disabled, over budget) keeps the in-memory session working and is only warned about.
 */
import { proxy, useSnapshot } from 'valtio'
import { AUTH_KEYS, read, remove, write, type OrgRef, type PendingRoute, type StorageName, type StorageValue, type UserInfo } from '../lib/storage'

export interface AuthState {
  token: string
  refreshToken: string
  /** Issued during registration steps (Password → Improve, Bind); never counts as logged in. */
  tempToken: string
  userInfo: UserInfo | null
  roleList: string[]
  orgRoleList: string[]
  permList: string[]
  org: OrgRef | null
  lastPhone: string
  pendingRoute: PendingRoute | null
  pushClientId: string
}

const initial = (): AuthState => ({
  token: '',
  refreshToken: '',
  tempToken: '',
  userInfo: null,
  roleList: [],
  orgRoleList: [],
  permList: [],
  org: null,
  lastPhone: '',
  pendingRoute: null,
  pushClientId: '',
})

export const authState = proxy<AuthState>(initial())

function persist<K extends StorageName>(name: K, value: StorageValue<K> | null | undefined | ''): void {
  try {
    if (value === null || value === undefined || value === '') remove(name)
    else write(name, value)
  } catch (e) {
    console.warn(`[auth] could not persist ${name}:`, (e as Error).message)
  }
}

/** Loads the persisted session into memory (boot). Corrupt values read as missing. */
export function hydrate(): void {
  Object.assign(authState, {
    token: read('token') ?? '',
    refreshToken: read('refreshToken') ?? '',
    tempToken: read('tempToken') ?? '',
    userInfo: read('user') ?? null,
    roleList: read('roleList') ?? [],
    orgRoleList: read('orgRoleList') ?? [],
    permList: read('permList') ?? [],
    org: read('org') ?? null,
    lastPhone: read('lastPhone') ?? '',
    pendingRoute: read('pendingRoute') ?? null,
    pushClientId: read('pushClientId') ?? '',
  } satisfies AuthState)
}

/**
 * Stores a token pair. Who counts as signed in is the session's phase (state/session/machine.ts), which
 * its steps change together with the tokens; the network layer's token headers only renew the pair.
 */
export function setSessionTokens(token: string, refreshToken?: string): void {
  authState.token = token
  persist('token', token)
  if (refreshToken !== undefined) {
    authState.refreshToken = refreshToken
    persist('refreshToken', refreshToken)
  }
  if (token) setTempToken('')
}

/**
 * docs/contract.md "The calls"'s response headers `token` / `refresh-token` *update* the stored session: with none stored
 * (a login or a registration step in flight) the answer's body decides what is kept, so a registration
 * that must hold only a temporary token never becomes a full session through the headers.
 */
export function updateSessionTokens(token: string, refreshToken?: string): void {
  if (authState.token) setSessionTokens(token, refreshToken)
}

export function setRefreshToken(refreshToken: string): void {
  authState.refreshToken = refreshToken
  persist('refreshToken', refreshToken)
}

export function setTempToken(token: string): void {
  authState.tempToken = token
  persist('tempToken', token)
}

export interface Profile extends UserInfo {
  orgRoleList?: string[]
}

/** docs/product.md: save roles, permissions and user; the org is the user's org or the first of orgList. */
export function setProfile(profile: Profile): void {
  const { orgRoleList = [], ...user } = profile
  authState.userInfo = user
  authState.roleList = [...user.roleList]
  authState.orgRoleList = [...orgRoleList]
  authState.permList = [...user.permList]
  persist('user', user)
  persist('roleList', authState.roleList)
  persist('orgRoleList', authState.orgRoleList)
  persist('permList', authState.permList)
  const current = authState.org && user.orgList.find((o) => o.id === authState.org?.id)
  setOrg(current ?? user.org ?? user.orgList[0] ?? null)
}

/**
 * What a guardian call answered of the account's limits (Consent): the stored profile follows it, so Home
 * says the new state without reloading the profile.
 */
export function setLimits(status: { limited: 'age-unknown' | 'guardian-consent' | null; birth: unknown }): void {
  if (!authState.userInfo) return
  authState.userInfo = { ...authState.userInfo, limited: status.limited, birthKnown: status.birth !== null }
  persist('user', authState.userInfo)
}

export function setOrg(org: OrgRef | null): void {
  authState.org = org ? { ...org } : null
  persist('org', authState.org)
}

export function setLastPhone(phone: string): void {
  authState.lastPhone = phone
  persist('lastPhone', phone)
}

export function setPendingRoute(route: PendingRoute | null): void {
  authState.pendingRoute = route ? { ...route } : null
  persist('pendingRoute', authState.pendingRoute)
}

export function setPushClientId(id: string): void {
  authState.pushClientId = id
  persist('pushClientId', id)
}

/** Logout: clears user, tokens, roles, permissions, push client id (every auth key); keeps device, phone, language, drafts. */
export function clearSession(): void {
  const keep = { lastPhone: authState.lastPhone }
  Object.assign(authState, initial(), keep)
  AUTH_KEYS.forEach((k) => remove(k))
}

export function reset(): void {
  Object.assign(authState, initial())
}
export const useAuth = () => useSnapshot(authState)
