/**
 * The state of one sign-in at a provider between its start and its callback (docs/sso.md, "The flow"): the
 * PKCE verifier, `state` and `nonce` in a cookie of that provider's paths, signed so that it cannot be made or
 * stretched, and valid ten minutes. A flow's callback is taken once: `firstUse` counts its `state` in the rate
 * limiter (shared by instances when it is), so a replay is refused even with the cookie kept.
 */
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import type { RateLimiter } from '../../../ports/rate-limiter'
import { windowStart } from '../../../ports/rate-limiter'
import { constantTimeEqual, fromBase64Url, toBase64Url } from '../../tokens/token-text'
import type { SsoFlowSecrets } from './oidc-client'

/** How long a sign-in may take at the provider, from the start to the callback. */
export const SSO_FLOW_TTL_MS = 10 * 60 * 1000

/** A flow as its cookie keeps it. */
export interface SsoFlow extends SsoFlowSecrets {
  providerId: string
  redirectUri: string
  /** When it started, in ms. */
  startedAt: number
}

const macOf = (key: Uint8Array, payload: string) =>
  toBase64Url(hmac(sha256, hmac(sha256, key, utf8ToBytes('console-sso-flow')), utf8ToBytes(payload)))

/** The cookie value of `flow`: its JSON in base64url, a dot, and its HMAC under `key`. */
export function sealFlow(key: Uint8Array, flow: SsoFlow): string {
  const payload = toBase64Url(
    utf8ToBytes(JSON.stringify([flow.providerId, flow.redirectUri, flow.startedAt, flow.verifier, flow.state, flow.nonce])),
  )
  return `${payload}.${macOf(key, payload)}`
}

/** The flow of a cookie value for `providerId` while it is valid at `now`, or null (missing, altered, another provider's, expired). */
export function openFlow(key: Uint8Array, value: string | undefined, providerId: string, now: Date): SsoFlow | null {
  if (value === undefined || value.length > 2000) return null
  const [payload = '', mac = '', extra] = value.split('.')
  if (extra !== undefined || !constantTimeEqual(mac, macOf(key, payload))) return null
  let fields: unknown
  try {
    fields = JSON.parse(new TextDecoder().decode(fromBase64Url(payload)))
  } catch {
    return null
  }
  if (!Array.isArray(fields) || fields.length !== 6) return null
  const [id, redirectUri, startedAt, verifier, state, nonce] = fields as unknown[]
  if (id !== providerId || typeof startedAt !== 'number') return null
  if (typeof redirectUri !== 'string' || typeof verifier !== 'string' || typeof state !== 'string' || typeof nonce !== 'string') return null
  const age = now.getTime() - startedAt
  if (age < -60_000 || age > SSO_FLOW_TTL_MS) return null
  return { providerId, redirectUri, startedAt, verifier, state, nonce }
}

// Windows of the replay count: one of them holds the whole life of a flow (see `replayWindow`).
const WINDOWS_MS = [24, 25, 23].map((hours) => hours * 60 * 60 * 1000)

/**
 * A window length whose fixed window (a multiple of it since the epoch, as the limiter counts) holds the whole
 * life of a flow started at `startedAt`, so that its first callback and any replay are counted in the same
 * window. Three lengths whose boundaries almost never fall within ten minutes of one another.
 */
function replayWindow(startedAt: number): number {
  const fits = (windowMs: number) =>
    windowStart(new Date(startedAt), windowMs).getTime() === windowStart(new Date(startedAt + SSO_FLOW_TTL_MS), windowMs).getTime()
  return WINDOWS_MS.find(fits) ?? (WINDOWS_MS[0] as number)
}

/**
 * Whether this is the first callback of `flow` (its `state`): counted atomically in `limiter`, so that of two
 * callbacks of one flow, also at the same moment on two instances sharing it, only the first goes on.
 */
export async function firstUse(limiter: RateLimiter, flow: SsoFlow, now: Date): Promise<boolean> {
  const key = `console-sso-state:${bytesToHex(sha256(utf8ToBytes(flow.state)))}`
  const [count] = await limiter.hit([{ key, windowMs: replayWindow(flow.startedAt) }], now)
  return count !== undefined && count.count === 1
}
