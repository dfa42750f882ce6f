/** The parts of a request URL that routing needs. */
export interface RequestTarget {
  /** Exactly what `new URL(url).pathname` gives. */
  pathname: string
  /** The query after `?` without it, and without any fragment; `''` when there is none. */
  search: string
}

/**
 * Splits a request URL into path and query without the full WHATWG parser, which every request would
 * otherwise pay for (up to three times: host, handler, router). `Request.url` is always a serialised URL, so
 * for `http:` and `https:` the path runs from the first `/` after the authority to the first `?` or `#`.
 * Whatever the parser would still change (dot segments, backslashes, characters it percent-encodes, anything
 * but a plain authority) takes the parser, so the result is the same either way.
 */
export function requestTarget(url: string): RequestTarget {
  const authority = url.startsWith('http://') ? 7 : url.startsWith('https://') ? 8 : -1
  // One pass over the characters with a lookup table: this runs on every request, and regular expressions
  // over the whole path cost as much as the parser they replace.
  let i = authority
  let plain = authority > 0
  for (; plain && i < url.length; i++) {
    const c = url.charCodeAt(i)
    if (c === SLASH) break
    if (c > 0x7f || (CHARS[c]! & AUTHORITY) === 0) plain = false
  }
  if (plain && i > authority && i < url.length) {
    const start = i
    let dots = false
    for (; i < url.length; i++) {
      const c = url.charCodeAt(i)
      if (c === QUESTION || c === HASH) break
      if (c > 0x7f || (CHARS[c]! & PATH) === 0) break
      if (c === DOT || c === PERCENT) dots = true
    }
    const end = i
    plain = end === url.length || url.charCodeAt(end) === QUESTION || url.charCodeAt(end) === HASH
    for (; plain && i < url.length; i++) {
      const c = url.charCodeAt(i)
      if (c <= 0x20 || c >= 0x7f) plain = false
    }
    const pathname = url.slice(start, end)
    if (plain && !(dots && DOT_SEGMENT.test(pathname))) {
      if (end === url.length || url.charCodeAt(end) === HASH) return { pathname, search: '' }
      const hash = url.indexOf('#', end)
      return { pathname, search: url.slice(end + 1, hash === -1 ? url.length : hash) }
    }
  }
  const parsed = new URL(url)
  return { pathname: parsed.pathname, search: parsed.search.slice(1) }
}

/**
 * One pattern for all of `paths` (itty-router's registered paths: `:name` is one segment), matching only paths
 * the URL parser keeps as they are: each `:name` a segment of letters, digits and `-_.~@!$&'()*+,;=:` (never
 * `.` or `..`, nor `%`, which could spell them). A preflight's whole parsing, without building a URL first;
 * whatever it does not match may still match a route, and is left to the full parse.
 */
export function plainPathsPattern(paths: readonly string[]): RegExp {
  const alternatives = [...new Set(paths)].map((path) =>
    path
      .split(/(:[A-Za-z0-9_]+)/)
      .map((part, i) => (i % 2 === 1 ? PLAIN_SEGMENT : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join(''),
  )
  return new RegExp(`^(?:${alternatives.join('|')})/*$`)
}

const PLAIN_SEGMENT = "(?!\\.{1,2}(?:/|$))[\\w\\-.~@!$&'()*+,;=:]+"
const SLASH = 0x2f
const QUESTION = 0x3f
const HASH = 0x23
const DOT = 0x2e
const PERCENT = 0x25
const AUTHORITY = 1
const PATH = 2
/**
 * Which ASCII characters pass unchanged in each part. The authority of a serialised URL: letters, digits
 * and `.~:@!$&'()*+,;=%[]-_`, never slash, `?`, `#` or backslash. A path: printable ASCII except what the
 * parser percent-encodes or rewrites (double quote, `<`, `>`, backslash, backtick, `{`, `}`); `?` and `#`
 * end it.
 */
const CHARS = (() => {
  const table = new Uint8Array(128)
  for (let c = 0x21; c < 0x7f; c++) {
    const char = String.fromCharCode(c)
    if (/[\w.~:@!$&'()*+,;=%[\]-]/.test(char)) table[c]! |= AUTHORITY
    if (!'"<>\\`{}?#'.includes(char)) table[c]! |= PATH
  }
  return table
})()
/** `.` and `..` segments, plain or percent-encoded, which the parser removes. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:\/|$)/i
