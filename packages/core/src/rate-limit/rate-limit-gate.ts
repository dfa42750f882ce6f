import type { ConnectionInfo, Logger } from '../context'
import { hashApiKey, isWellFormedApiKey, presentedApiKey } from '../auth/api-key'
import { CanvassError } from '../errors'
import { isServiceUnavailable } from '../http/service-unavailable'
import type { RateLimitCount, RateLimiter } from '../ports/rate-limiter'
import type { ApiKeyRecord } from '../ports/storage'
import { clientAddressOf } from './client-address'
import { createMemoryRateLimiter } from './create-memory-rate-limiter'
import type { RateLimit, RateLimitOptions } from './rate-limit-options'
import { DEFAULT_RATE_LIMITS } from './rate-limit-options'

/** Counts a request and throws the 429 (docs/design.md, "Errors") when it is over a limit. */
export type RateLimitGate = (request: Request, pathname: string, info: ConnectionInfo, now: Date) => Promise<void>

/** How the gate tells a live API key from a made-up one: `storage.apiKeys.findByHash`. */
export type FindApiKey = (hash: string) => Promise<Pick<ApiKeyRecord, 'revokedAt'> | null>

type RuleName = 'address' | 'client' | 'environment' | 'management' | 'share'

interface Rule extends RateLimit {
  /** Policy name in the `RateLimit-Policy` and `RateLimit` headers. */
  name: RuleName
  key: string
}

/** Ids longer than any real one share a bucket: a flood of junk ids must not create unbounded keys. */
const MAX_KEY_PART = 64
/** How long a key found live counts under its own bucket without being looked up again. */
const LIVE_KEY_TTL_MS = 60_000
/** Live keys remembered at most; only keys found in storage enter, so junk keys cannot fill it. */
const MAX_LIVE_KEYS = 10_000

/**
 * The gate for `createCanvass`'s `rateLimits`. Every request without a live API key counts first per client
 * address (the ceiling, whatever the route and the environment); then client routes
 * (`{basePath}/api/v1/client/…` and `…/api/v2/client/…`) count per (environment, client address) and per environment, shared
 * results (`{basePath}/share/…`) per client address, and every other
 * route per API key when the key is live, else (no key, a malformed, unknown or revoked one) per client
 * address. The spec-form client PUT, which names no environment, counts per address only. `environmentOf`
 * turns a client path's id into the environment it is known to name, without reading storage.
 */
export function createRateLimitGate(
  options: RateLimitOptions,
  basePath: string,
  logger: Logger,
  findApiKey: FindApiKey,
  environmentOf: (pathId: string) => string = (pathId) => pathId,
): RateLimitGate {
  const limiter: RateLimiter = options.limiter ?? createMemoryRateLimiter()
  const client = resolve(options.client, DEFAULT_RATE_LIMITS.client)
  const environment = resolve(options.environment, DEFAULT_RATE_LIMITS.environment)
  const management = resolve(options.management, DEFAULT_RATE_LIMITS.management)
  const perAddress = resolve(options.address, DEFAULT_RATE_LIMITS.address)
  const share = resolve(options.share, DEFAULT_RATE_LIMITS.share)
  const sharePrefix = `${basePath}/share/`
  const header = options.clientAddressHeader?.toLowerCase()
  const clientPrefixes = [`${basePath}/api/v1/client/`, `${basePath}/api/v2/client/`]
  /** Hash of a key found live → until when (ms) that answer is trusted. Insertion order is age order. */
  const liveKeys = new Map<string, number>()

  const address = (request: Request, info: ConnectionInfo): string => bounded(clientAddressOf(request, info, header))

  /**
   * Made-up keys must not each get a counter of their own (a flood with a fresh key per request would never
   * be limited), so only a key found in storage counts under its hash. A key found live is remembered for a
   * minute: a busy key costs one extra lookup a minute, not one per request.
   */
  async function liveKeyHash(request: Request, now: Date): Promise<string | undefined> {
    const key = presentedApiKey(request.headers)
    // A malformed key can never authenticate: no lookup, as in `authenticate`.
    if (!key || !isWellFormedApiKey(key)) return undefined
    const hash = await hashApiKey(key)
    const until = liveKeys.get(hash)
    if (until !== undefined && until > now.getTime()) return hash
    liveKeys.delete(hash)
    // A storage that cannot answer counts the request by address; the route then answers the outage.
    let record: Pick<ApiKeyRecord, 'revokedAt'> | null = null
    try {
      record = await findApiKey(hash)
    } catch {}
    if (!record || record.revokedAt) return undefined
    if (liveKeys.size >= MAX_LIVE_KEYS) {
      const oldest = liveKeys.keys().next()
      if (!oldest.done) liveKeys.delete(oldest.value)
    }
    liveKeys.set(hash, now.getTime() + LIVE_KEY_TTL_MS)
    return hash
  }

  async function rules(request: Request, pathname: string, info: ConnectionInfo, now: Date): Promise<Rule[]> {
    // Order matters: a rule is only counted once the ones before it let the request through.
    const found: Rule[] = []
    const clientPrefix = clientPrefixes.find((prefix) => pathname.startsWith(prefix))
    if (clientPrefix !== undefined) {
      const segment = pathname.slice(clientPrefix.length).split('/', 1)[0] ?? ''
      // The spec-form PUT (`/client/responses/{id}`) names no environment: it counts per address only, so
      // that flooding it cannot throttle the respondents of every environment at once.
      const specForm = segment === 'responses' || segment === ''
      const env = specForm ? '-' : bounded(environmentOf(segment))
      const who = address(request, info)
      if (perAddress) found.push({ ...perAddress, name: 'address', key: `a:${who}` })
      if (client) found.push({ ...client, name: 'client', key: `c:${env}:${who}` })
      if (environment && !specForm) found.push({ ...environment, name: 'environment', key: `e:${env}` })
      return found
    }
    if (pathname.startsWith(sharePrefix)) {
      // Shared results take no API key: an address's requests count alike whatever key they carry.
      const who = address(request, info)
      if (perAddress) found.push({ ...perAddress, name: 'address', key: `a:${who}` })
      if (share) found.push({ ...share, name: 'share', key: `s:${who}` })
      return found
    }
    if (!management && !perAddress) return found
    const hash = await liveKeyHash(request, now)
    // Keys are counted by hash: a shared limiter must never store a key.
    if (hash) {
      if (management) found.push({ ...management, name: 'management', key: `m:k:${hash.slice(0, 32)}` })
      return found
    }
    const who = address(request, info)
    if (perAddress) found.push({ ...perAddress, name: 'address', key: `a:${who}` })
    if (management) found.push({ ...management, name: 'management', key: `m:a:${who}` })
    return found
  }

  return async (request, pathname, info, now) => {
    // One rule at a time: a request refused per (environment, address) must not also use up the
    // environment's budget, or one address could lock out every respondent of an environment.
    for (const rule of await rules(request, pathname, info, now)) {
      let counts: RateLimitCount[]
      try {
        counts = await limiter.hit([{ key: `${rule.key}:${rule.windowMs}`, windowMs: rule.windowMs }], now)
      } catch (error) {
        // A limiter that cannot count (its database is away) lets requests through rather than failing them.
        // An outage (service_unavailable) is not logged per request: the storage answers it, and the host reports it.
        if (!isServiceUnavailable(error)) logger.error('The rate limiter failed; the request was not counted', error)
        return
      }
      const count = counts[0]
      if (count && count.count > rule.limit) throw tooManyRequests(rule, count.resetAt, now)
    }
  }
}

/** The name of the limit that refused a request, when `error` is the gate's refusal. */
export function refusedBy(error: unknown): RuleName | undefined {
  return error instanceof CanvassError ? refusals.get(error) : undefined
}

/** The gate's refusals and the limit behind each; a handler's own 429 is not in it. */
const refusals = new WeakMap<CanvassError, RuleName>()

function tooManyRequests(rule: Rule, resetAt: Date, now: Date): CanvassError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000))
  const error = new CanvassError('too_many_requests', 'Too many requests, please try again later', {
    headers: {
      'retry-after': String(seconds),
      'ratelimit-policy': `"${rule.name}";q=${rule.limit};w=${Math.ceil(rule.windowMs / 1000)}`,
      ratelimit: `"${rule.name}";r=0;t=${seconds}`,
    },
  })
  refusals.set(error, rule.name)
  return error
}

function resolve(given: RateLimit | false | undefined, fallback: RateLimit): RateLimit | undefined {
  if (given === false) return undefined
  const limit = given ?? fallback
  if (!Number.isInteger(limit.limit) || limit.limit < 1 || !Number.isInteger(limit.windowMs) || limit.windowMs < 1000) {
    throw new TypeError('a rate limit needs a whole `limit` ≥ 1 and a whole `windowMs` ≥ 1000')
  }
  return limit
}

function bounded(part: string): string {
  return part.length > MAX_KEY_PART ? '~' : part
}
