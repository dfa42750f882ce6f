/**
 * Fetching the environment state and the user state, and keeping them fresh: each is used until the expiry
 * the server gave it, then fetched again before the next action decides anything (the environment with its
 * `ETag`, so that an unchanged state costs a 304).
 */
import { getEnvironmentState, updateUser } from '../shared/client-api'
import type { Endpoint } from '../shared/client-api'
import type { Session } from './session'
import type { CoreState, EnvironmentData, UserData } from './types'

/** Bounds on how long a state is kept, whatever the server's and this device's clocks say. */
const MIN_TTL_MS = 10_000
const MAX_TTL_MS = 24 * 60 * 60 * 1000
/** How long the core waits before trying a failed refresh again. */
const RETRY_MS = 60_000

type StoredEnvironment = CoreState['environment']
type StoredUser = CoreState['user']

/** `GET …/environment`; with `previous`, a conditional request that keeps `previous` on a 304. */
export async function fetchEnvironment(endpoint: Endpoint, previous?: StoredEnvironment): Promise<StoredEnvironment | undefined> {
  const result = await getEnvironmentState<{ data: Partial<EnvironmentData> & Record<string, unknown>; expiresAt: string }>(
    endpoint,
    previous?.etag ?? undefined,
  )
  const now = Date.now()
  if (!result.ok) {
    console.error(`🧱 Formbricks - could not load the environment state (${result.status}): ${result.message}`)
    return undefined
  }
  if (result.status === 304 && previous) return { ...previous, expiresAt: now + previous.ttlMs }
  const body = result.data
  if (!body?.data || !Array.isArray(body.data.surveys)) {
    console.error('🧱 Formbricks - the environment state has an unexpected shape')
    return undefined
  }
  const raw = body.data
  const data: EnvironmentData = {
    surveys: raw.surveys ?? [],
    actionClasses: Array.isArray(raw.actionClasses) ? raw.actionClasses : [],
    // Servers of other versions name the project `product`, `settings` or `workspace`.
    project: (raw.project ?? raw.product ?? raw.settings ?? raw.workspace ?? {}) as EnvironmentData['project'],
  }
  const ttlMs = ttl(body.expiresAt, now)
  return { data, etag: result.etag ?? null, expiresAt: now + ttlMs, ttlMs }
}

/** `POST …/user`: identifies `userId` (and sets `attributes`); the user state the server answers. */
export async function identify(endpoint: Endpoint, userId: string, attributes?: Record<string, string>): Promise<StoredUser | undefined> {
  const result = await updateUser<{ state?: { data?: Partial<UserData>; expiresAt?: string | null }; messages?: string[] }>(
    endpoint,
    userId,
    attributes,
  )
  if (!result.ok) {
    console.error(`🧱 Formbricks - could not update the user (${result.status}): ${result.message}`)
    return undefined
  }
  for (const message of result.data?.messages ?? []) console.warn(`🧱 Formbricks - ${message}`)
  const data = result.data?.state?.data ?? {}
  const now = Date.now()
  return {
    data: {
      userId: typeof data.userId === 'string' ? data.userId : userId,
      contactId: data.contactId ?? null,
      segments: Array.isArray(data.segments) ? data.segments : [],
      displays: Array.isArray(data.displays) ? data.displays : [],
      responses: Array.isArray(data.responses) ? data.responses : [],
      lastDisplayAt: data.lastDisplayAt ?? null,
      ...(typeof data.language === 'string' ? { language: data.language } : {}),
    },
    expiresAt: now + ttl(result.data?.state?.expiresAt ?? undefined, now),
  }
}

/** Fetches whatever state has expired; on failure keeps what it has and waits a minute before trying again. */
export async function refreshExpired(session: Session): Promise<void> {
  const now = Date.now()
  if (now < session.retryAt) return
  const { state } = session
  let failed = false
  let changed = false
  if (now >= state.environment.expiresAt) {
    const environment = await fetchEnvironment(session.endpoint, state.environment)
    if (environment) state.environment = environment
    failed ||= !environment
    changed ||= !!environment
  }
  const userId = state.user.data.userId
  if (userId && state.user.expiresAt !== null && now >= state.user.expiresAt) {
    const user = await identify(session.endpoint, userId)
    // A logout or another user while the request was out wins over its answer.
    if (user && session.state.user.data.userId === userId) state.user = user
    failed ||= !user
    changed ||= !!user
  }
  if (failed) session.retryAt = now + RETRY_MS
  if (changed) session.save()
}

function ttl(expiresAt: string | undefined, now: number): number {
  const at = expiresAt ? Date.parse(expiresAt) : Number.NaN
  if (Number.isNaN(at)) return MIN_TTL_MS
  return Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, at - now))
}
