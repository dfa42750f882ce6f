/**
 * Seconds to wait from a `Retry-After` header (RFC 9110 §10.2.3): delta-seconds, or an HTTP-date in any of
 * the three forms a recipient must accept (IMF-fixdate, RFC 850, asctime), counted from `now` and never
 * negative. `undefined` for a missing or malformed value. The engine's `Date.parse` is not used: it accepts
 * far more than HTTP dates, and reads asctime in local time.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value == null) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) {
    const seconds = Number(text)
    return Number.isSafeInteger(seconds) ? seconds : undefined
  }
  const at = parseHttpDate(text, now)
  if (at === undefined) return undefined
  return Math.max(0, Math.ceil((at - now) / 1000))
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})'
const MONTH = `(${MONTHS.join('|')})`
/** `Sun, 06 Nov 1994 08:49:37 GMT` */
const IMF_FIXDATE = new RegExp(`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`)
/** `Sunday, 06-Nov-94 08:49:37 GMT` */
const RFC_850 = new RegExp(`^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`)
/** `Sun Nov  6 08:49:37 1994` */
const ASCTIME = new RegExp(`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) ${MONTH} ( \\d|\\d{2}) ${TIME} (\\d{4})$`)

function parseHttpDate(text: string, now: number): number | undefined {
  let match = IMF_FIXDATE.exec(text)
  if (match) return utc(match[3], match[2], match[1], match[4], match[5], match[6])
  match = RFC_850.exec(text)
  if (match) {
    // A two-digit year more than 50 years ahead means the past century (RFC 9110 §5.6.7).
    const thisYear = new Date(now).getUTCFullYear()
    let year = Math.floor(thisYear / 100) * 100 + Number(match[3])
    if (year > thisYear + 50) year -= 100
    return utc(String(year), match[2], match[1], match[4], match[5], match[6])
  }
  match = ASCTIME.exec(text)
  if (match) return utc(match[6], match[1], match[2], match[3], match[4], match[5])
  return undefined
}

function utc(...[year, month, day, hour, minute, second]: (string | undefined)[]): number | undefined {
  const [y, d, h, m, s] = [year, day, hour, minute, second].map(Number) as [number, number, number, number, number]
  const mon = MONTHS.indexOf(month ?? '')
  if (d < 1 || d > 31 || h > 23 || m > 59 || s > 60) return undefined
  const at = Date.UTC(y, mon, d, h, m, Math.min(s, 59))
  // Date.UTC rolls 31 Feb over into March; such a date is malformed, not a day in March.
  return new Date(at).getUTCDate() === d ? at : undefined
}
