/**
 * Recall: `#recall:{id}/fallback:{text}#` in a headline (or subheader, or ending text) stands for the answer
 * to question `id`, the hidden field `id` or the variable `id`, and for `{text}` while there is none. The
 * result is plain text: components render it as text, never as HTML.
 */
import type { Answer, ResponseData, Variables } from './types'

const RECALL = /#recall:([A-Za-z0-9_-]+)\/fallback:([^#]*)#/g
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** `text` with every recall replaced by its value, or its fallback. */
export function recall(text: string, data: ResponseData, variables: Variables, locale = 'en'): string {
  if (!text.includes('#recall:')) return text
  return text.replace(RECALL, (_whole, id: string, fallback: string) => {
    const value = id in data ? data[id] : id in variables ? variables[id] : undefined
    const shown = value === undefined ? '' : recallText(value, locale)
    // The reference's editor writes spaces in fallbacks as `nbsp`.
    return shown !== '' ? shown : fallback.replace(/nbsp/g, ' ').trim()
  })
}

/** An answer as a short text: lists joined, dates written out, matrix rows as `row: column`. */
export function recallText(value: Answer, locale = 'en'): string {
  if (typeof value === 'number') return String(value)
  if (typeof value === 'string') return ISO_DATE.test(value) ? formatDate(value, locale) : value
  if (Array.isArray(value)) return value.filter((item) => item !== '' && item !== 'skipped').join(', ')
  return Object.entries(value)
    .filter(([, column]) => column !== '')
    .map(([row, column]) => `${row}: ${column}`)
    .join(', ')
}

/** `2024-03-01` as a date of that locale (`March 1, 2024`); the input as it is when it is no real date. */
export function formatDate(iso: string, locale = 'en'): string {
  const date = new Date(`${iso}T00:00:00Z`)
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) return iso
  try {
    return new Intl.DateTimeFormat(locale === 'default' ? 'en' : locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date)
  } catch {
    return iso
  }
}
