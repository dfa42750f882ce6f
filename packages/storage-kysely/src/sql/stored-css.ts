import type { StoredCustomCss } from '@canvass/core'

/** A `custom_css` column (a project's or a survey's) as stored: `null` when there is none. */
export function storedCss(value: unknown): StoredCustomCss | null {
  // pg parses jsonb; a driver that hands back text is read the same way.
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value
  return parsed === null || parsed === undefined ? null : (parsed as StoredCustomCss)
}
