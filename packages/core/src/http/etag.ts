/**
 * Whether an `If-None-Match` header names `etag`. The comparison is weak (RFC 9110 §13.1.2): `W/` prefixes
 * are ignored; `*` matches.
 */
export function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t.replace(/^W\//, '') === opaque
  })
}
