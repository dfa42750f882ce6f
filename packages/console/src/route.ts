/**
 * Hash routing: `#/surveys/<id>/results?page=2` is `{ parts: ['surveys', '<id>', 'results'], query }`. A hash
 * with an escape that does not decode (`#/%E0%A4%A`, from any link) is `notFound`, so the console shows a notice
 * rather than nothing.
 */
export interface Route {
  parts: string[]
  query: URLSearchParams
  notFound?: true
}

export function parseHash(hash: string): Route {
  const text = hash.replace(/^#\/?/, '')
  const [path = '', search = ''] = text.split('?', 2)
  const query = new URLSearchParams(search)
  try {
    return { parts: path.split('/').filter(Boolean).map(decodeURIComponent), query }
  } catch {
    return { parts: [], query, notFound: true }
  }
}

/** The hash of a route: `hashOf(['surveys', id, 'results'], { page: 2 })`. */
export function hashOf(parts: string[], query: Record<string, string | number | undefined> = {}): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(name, String(value))
  const text = search.toString()
  return `#/${parts.map(encodeURIComponent).join('/')}${text ? `?${text}` : ''}`
}
