import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import type { ConnectionInfo, Logger } from '../context'
import { CanvassError } from '../http/errors'
import { isServiceUnavailable } from '../http/service-unavailable'
import type { RateLimitCheck, RateLimiter } from '../ports/rate-limiter'
import { createMemoryRateLimiter } from './create-memory-rate-limiter'
import type { RateLimit, RateLimitOptions } from './rate-limit-options'
import { DEFAULT_RATE_LIMITS } from './rate-limit-options'

/** Counts a request and throws the contract's 429 when it is over a limit. */
export type RateLimitGate = (request: Request, pathname: string, info: ConnectionInfo, now: Date) => Promise<void>

interface Rule extends RateLimit {
  /** Policy name in the `RateLimit-Policy` and `RateLimit` headers. */
  name: string
  key: string
}

/** Ids longer than any real one share a bucket: a flood of junk ids must not create unbounded keys. */
const MAX_KEY_PART = 64

/**
 * The gate for `createCanvass`'s `rateLimits`. Client routes (`{basePath}/api/v1/client/…`) count per
 * (environment, client address) and per environment; every other route counts per API key, or per client
 * address without one. The spec-form client PUT, which names no environment, counts under the environment
 * `-`.
 */
export function createRateLimitGate(options: RateLimitOptions, basePath: string, logger: Logger): RateLimitGate {
  const limiter: RateLimiter = options.limiter ?? createMemoryRateLimiter()
  const client = resolve(options.client, DEFAULT_RATE_LIMITS.client)
  const environment = resolve(options.environment, DEFAULT_RATE_LIMITS.environment)
  const management = resolve(options.management, DEFAULT_RATE_LIMITS.management)
  const header = options.clientAddressHeader?.toLowerCase()
  const clientPrefix = `${basePath}/api/v1/client/`

  function address(request: Request, info: ConnectionInfo): string {
    if (header) {
      const value = request.headers.get(header)
      const last = value?.split(',').pop()?.trim()
      if (last) return bounded(last)
    }
    return info.clientAddress ? bounded(info.clientAddress) : 'unknown'
  }

  function rules(request: Request, pathname: string, info: ConnectionInfo): Rule[] {
    if (pathname.startsWith(clientPrefix)) {
      const segment = pathname.slice(clientPrefix.length).split('/', 1)[0] ?? ''
      // The spec-form PUT (`/client/responses/{id}`) names no environment: it counts per address only, so
      // that flooding it cannot throttle the respondents of every environment at once.
      const specForm = segment === 'responses' || segment === ''
      const env = specForm ? '-' : bounded(segment)
      const found: Rule[] = []
      if (client) found.push({ ...client, name: 'client', key: `c:${env}:${address(request, info)}` })
      if (environment && !specForm) found.push({ ...environment, name: 'environment', key: `e:${env}` })
      return found
    }
    if (!management) return []
    const key = request.headers.get('x-api-key')
    // Keys are counted by hash: a shared limiter must never store a key.
    const who = key ? `k:${bytesToHex(sha256(new TextEncoder().encode(key.trim()))).slice(0, 32)}` : `a:${address(request, info)}`
    return [{ ...management, name: 'management', key: `m:${who}` }]
  }

  return async (request, pathname, info, now) => {
    const found = rules(request, pathname, info)
    if (found.length === 0) return
    let counts
    try {
      counts = await limiter.hit(
        found.map((rule): RateLimitCheck => ({ key: `${rule.key}:${rule.windowMs}`, windowMs: rule.windowMs })),
        now,
      )
    } catch (error) {
      // A limiter that cannot count (its database is away) lets requests through rather than failing them.
      // An outage (service_unavailable) is not logged per request: the storage answers it, and the host reports it.
      if (!isServiceUnavailable(error)) logger.error('The rate limiter failed; the request was not counted', error)
      return
    }
    let worst: { rule: Rule; resetAt: Date } | undefined
    for (const [index, rule] of found.entries()) {
      const count = counts[index]
      if (!count || count.count <= rule.limit) continue
      if (!worst || count.resetAt > worst.resetAt) worst = { rule, resetAt: count.resetAt }
    }
    if (!worst) return
    const seconds = Math.max(1, Math.ceil((worst.resetAt.getTime() - now.getTime()) / 1000))
    const { rule } = worst
    throw new CanvassError('too_many_requests', 'Too many requests, please try again later', {
      headers: {
        'retry-after': String(seconds),
        'ratelimit-policy': `"${rule.name}";q=${rule.limit};w=${Math.ceil(rule.windowMs / 1000)}`,
        ratelimit: `"${rule.name}";r=0;t=${seconds}`,
      },
    })
  }
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
