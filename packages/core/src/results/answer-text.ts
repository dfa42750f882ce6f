/**
 * A question's answer in words, as the results' answer lists show it (console and shared page alike): a contact
 * info or address answer as its fields with their labels, an upload as its files' names, anything else as text.
 * Pure functions, so that the console and the shared page cannot show one answer two ways.
 */

/**
 * The labels of a contact info or address answer's fields, in the order the answer stores them (the reference's
 * order; its CSV export heads its columns the same way, `domain/responses/response-export.ts`).
 */
export const ANSWER_FIELD_LABELS: Readonly<Record<string, readonly string[]>> = {
  contactInfo: ['First name', 'Last name', 'Email', 'Phone', 'Company'],
  address: ['Address line 1', 'Address line 2', 'City', 'State', 'ZIP', 'Country'],
}

/** How many characters of one answer a list shows, and how many files of one upload. */
export const ANSWER_LIMITS = { chars: 600, files: 25 } as const

/**
 * The labelled fields of an answer to a question with fields (contact info, address): each non-empty one with its
 * label, or null for any other question, or an answer that is no list.
 */
export function answerFields(type: string, value: unknown): Array<{ label: string; value: string }> | null {
  const labels = ANSWER_FIELD_LABELS[type]
  if (!labels || !Object.hasOwn(ANSWER_FIELD_LABELS, type) || !Array.isArray(value)) return null
  return value.slice(0, labels.length).flatMap((entry, index) => {
    const text = typeof entry === 'string' || typeof entry === 'number' ? String(entry).trim() : ''
    return text ? [{ label: labels[index] as string, value: clip(text) }] : []
  })
}

/** The URLs of an upload answer (a URL or a list of them), at most `ANSWER_LIMITS.files`. */
export function answerFiles(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value])
    .filter((url): url is string => typeof url === 'string' && url !== '')
    .slice(0, ANSWER_LIMITS.files)
}

/** The name a file was uploaded with: the URL's last part, decoded, without the `--fid--<uuid>` Canvass adds. */
export function fileNameOf(url: string): string {
  const last = url.split(/[?#]/)[0]?.split('/').pop() ?? url
  let name = last
  try {
    name = decodeURIComponent(last)
  } catch {}
  return clip(name.replace(/--fid--[0-9a-f-]{36}(?=\.[^.]*$)/i, '') || url, 200)
}

/** An answer as one text: a list's values joined, an object's entries as `key: value`; cut at `max` characters. */
export function answerLine(value: unknown, max: number = ANSWER_LIMITS.chars): string {
  return clip(lineOf(value, 0), max)
}

function lineOf(value: unknown, depth: number): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (depth > 3 || value === null || typeof value !== 'object') return ''
  if (Array.isArray(value))
    return value
      .map((entry) => lineOf(entry, depth + 1))
      .filter((entry) => entry.trim() !== '')
      .join(', ')
  return Object.entries(value)
    .map(([key, entry]) => `${key}: ${lineOf(entry, depth + 1)}`)
    .join('; ')
}

const clip = (text: string, max: number = ANSWER_LIMITS.chars) => (text.length > max ? `${text.slice(0, max)}…` : text)
