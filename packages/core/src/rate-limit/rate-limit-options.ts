import type { RateLimiter } from '../ports/rate-limiter'

/** A limit: at most `limit` requests per fixed window of `windowMs` milliseconds. */
export interface RateLimit {
  limit: number
  windowMs: number
}

/** Rate limits (docs/design.md, "Limits and input"). Each limit can be turned off with `false`. */
export interface RateLimitOptions {
  /**
   * Where counters live.
   * @default createMemoryRateLimiter()
   */
  limiter?: RateLimiter
  /**
   * Client routes, per environment and client address.
   * @default { limit: 1000, windowMs: 60_000 }
   */
  client?: RateLimit | false
  /**
   * Client routes, per environment, all addresses together: a flood of one environment from many addresses
   * never throttles another environment.
   * @default { limit: 10_000, windowMs: 60_000 }
   */
  environment?: RateLimit | false
  /**
   * Every other route, per API key. Requests without a live key (none, or a malformed, unknown or revoked
   * one) count per client address instead, so that a flood of made-up keys is limited too.
   * @default { limit: 6000, windowMs: 60_000 }
   */
  management?: RateLimit | false
  /**
   * Every request without a live API key, per client address, whatever its route and whatever environment it
   * names: client routes, file reads (`/storage/…`), and requests with no, a made-up or a revoked key. It is
   * counted before the other limits, so that one address cannot multiply its budget by spreading requests over
   * environment ids (made-up ones cost a lookup each), and a refusal spends no other budget. The default, as
   * much as one API key gets, is far above what the clients behind one address send.
   * @default { limit: 6000, windowMs: 60_000 }
   */
  address?: RateLimit | false
  /**
   * The shared results (`{basePath}/share/…`), per client address whatever the API key, after `address`:
   * anyone with a link may ask, and a summary of a large survey costs the database far more than an API call.
   * @default { limit: 60, windowMs: 60_000 }
   */
  share?: RateLimit | false
  /**
   * A request header that a trusted reverse proxy sets to the client's address (e.g. `x-forwarded-for`,
   * `x-real-ip`). Only set it when every request passes through such a proxy: clients can send the header
   * themselves. For a list (`x-forwarded-for`), the last entry is used, the one the proxy appended. When
   * unset, the address the host reports (`ConnectionInfo.clientAddress`) is used.
   * @default undefined
   */
  clientAddressHeader?: string
}

/** The generous defaults (docs/design.md, "Limits and input"), which the standalone server enables. */
export const DEFAULT_RATE_LIMITS = {
  client: { limit: 1000, windowMs: 60_000 },
  environment: { limit: 10_000, windowMs: 60_000 },
  management: { limit: 6000, windowMs: 60_000 },
  address: { limit: 6000, windowMs: 60_000 },
  share: { limit: 60, windowMs: 60_000 },
} as const satisfies Record<string, RateLimit>
