import type { UrlFilter } from '../types'

/**
 * Whether a page URL passes an action's URL filters: any of them (`or`, the default) or all (`and`). An
 * action without filters fires on every page. An unknown rule, or a regular expression that does not
 * compile, does not match.
 */
export function passesUrlFilters(url: string, filters: readonly UrlFilter[] | undefined, connector: 'or' | 'and' = 'or'): boolean {
  if (!filters || filters.length === 0) return true
  return connector === 'and' ? filters.every((filter) => matchesUrl(url, filter)) : filters.some((filter) => matchesUrl(url, filter))
}

export function matchesUrl(url: string, { value, rule }: UrlFilter): boolean {
  switch (rule) {
    case 'exactMatch':
      return url === value
    case 'contains':
      return url.includes(value)
    case 'startsWith':
      return url.startsWith(value)
    case 'endsWith':
      return url.endsWith(value)
    case 'notMatch':
      return url !== value
    case 'notContains':
      return !url.includes(value)
    case 'matchesRegex':
      try {
        return new RegExp(value).test(url)
      } catch {
        return false
      }
    default:
      return false
  }
}
