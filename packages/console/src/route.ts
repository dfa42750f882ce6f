/** Hash routing: `#/surveys/<id>/results?page=2` is `{ parts: ['surveys', '<id>', 'results'], query }`. */
export interface Route {
  parts: string[]
  query: URLSearchParams
}

export function parseHash(hash: string): Route {
  const text = hash.replace(/^#\/?/, '')
  const [path = '', search = ''] = text.split('?', 2)
  return { parts: path.split('/').filter(Boolean).map(decodeURIComponent), query: new URLSearchParams(search) }
}

/** The hash of a route: `hashOf(['surveys', id, 'results'], { page: 2 })`. */
export function hashOf(parts: string[], query: Record<string, string | number | undefined> = {}): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(name, String(value))
  const text = search.toString()
  return `#/${parts.map(encodeURIComponent).join('/')}${text ? `?${text}` : ''}`
}
