import type { RateLimit, RateLimitOptions } from '@canvass/core'

/**
 * `CANVASS_RATE_LIMITS`: unset → the default limits; `off` → no rate limiting; otherwise a comma-separated
 * list of `name=<limit>/<window>` (window in `s` or `m`) or `name=off`, for `client` (per environment and
 * client address), `environment` (per environment), `management` (per API key), `address` (per client
 * address, every request without a live key) and `share` (the shared results, per client address); names left out keep their default. Example:
 * `client=20/10s,environment=off`.
 *
 * @returns undefined when rate limiting is off.
 * @throws {Error} naming the bad part.
 */
export function parseRateLimits(value: string | undefined): Omit<RateLimitOptions, 'limiter' | 'clientAddressHeader'> | undefined {
  const text = value?.trim() ?? ''
  if (text === '') return {}
  if (text === 'off') return undefined
  const limits: Record<string, RateLimit | false> = {}
  for (const part of text.split(',')) {
    const match = /^\s*(client|environment|management|address|share)\s*=\s*(?:(off)|(\d{1,9})\s*\/\s*(\d{1,6})\s*(s|m))\s*$/.exec(part)
    if (!match) {
      throw new Error(
        `CANVASS_RATE_LIMITS: "${part}" is not "off" or <client|environment|management|address|share>=<limit>/<window>s|m, e.g. client=1000/60s`,
      )
    }
    const [, name = '', off, limit, amount, unit] = match
    limits[name] = off ? false : { limit: Number(limit), windowMs: Number(amount) * (unit === 'm' ? 60_000 : 1000) }
    const rule = limits[name]
    if (rule && (rule.limit < 1 || rule.windowMs < 1000))
      throw new Error(`CANVASS_RATE_LIMITS: "${part}" needs a limit ≥ 1 and a window ≥ 1s`)
  }
  return limits
}
