/**
 * What the shared results page (`share-page.ts`) reads from a survey and how it writes numbers, dates and
 * answers: small pure helpers shared by its tabs. Every text a helper returns is already escaped for HTML.
 */
import { groupDigits } from '../group-digits'
import type { SurveyRecord } from '../ports/storage'
import { stateLanguage } from '../domain/environment-state'
import { RESULTS_LIMITS, plainText } from '../results/model'

export { plainText }

/** How much of anything the page shows, so that its size is bounded whatever the survey and its answers. */
export const SHARE_PAGE_LIMITS = {
  /** Latest answers per open question, hidden field or variable on the summary tab. */
  latestAnswers: 5,
  /** Answers per page of one field's answers list. */
  answersPerPage: 50,
  /** Responses per page of the responses tab. */
  responsesPerPage: 20,
  /** "Other" values listed under a choice question. */
  otherValues: RESULTS_LIMITS.otherValues,
  /** Bars of one chart (choices, ranking) and rows of a matrix. */
  chartRows: RESULTS_LIMITS.chartRows,
  /** Columns of a matrix. */
  matrixColumns: RESULTS_LIMITS.matrixColumns,
  /** Hidden fields and variables shown. */
  fields: 50,
  /** Characters of one answer on the summary and responses tabs (the answers list shows it whole). */
  answerChars: 600,
} as const

/** One field whose answers are listed: a question's or hidden field's value (`data`) or a variable's. */
export interface ShareField {
  source: 'data' | 'variables'
  key: string
}

/** A field as the page's `field` parameter names it: `data:ID` or `variables:ID`. */
export const shareFieldParam = (field: ShareField): string => `${field.source}:${field.key}`

/** The field a `field` parameter names, or null when it names none. */
export function parseShareFieldParam(text: string | undefined): ShareField | null {
  const match = /^(data|variables):(.+)$/s.exec(text ?? '')
  return match ? { source: match[1] as ShareField['source'], key: match[2] as string } : null
}

export interface PageQuestion {
  id: string
  type: string
  headline: string
  raw: Record<string, unknown>
}

export function surveyQuestions(survey: Pick<SurveyRecord, 'questions'>): PageQuestion[] {
  return survey.questions.flatMap((raw) =>
    isRecord(raw) && typeof raw.id === 'string'
      ? [{ id: raw.id, type: typeof raw.type === 'string' ? raw.type : '', headline: plainText(raw.headline) || raw.id, raw }]
      : [],
  )
}

/** The survey's hidden field ids (none when hidden fields are turned off), at most `fields`. */
export function surveyHiddenFields(survey: Pick<SurveyRecord, 'hiddenFields'>): string[] {
  const settings = isRecord(survey.hiddenFields) ? survey.hiddenFields : {}
  if (settings.enabled === false || !Array.isArray(settings.fieldIds)) return []
  return settings.fieldIds.filter((id): id is string => typeof id === 'string').slice(0, SHARE_PAGE_LIMITS.fields)
}

/** The survey's variables (id and name), at most `fields`. */
export function surveyVariables(survey: Pick<SurveyRecord, 'variables'>): Array<{ id: string; name: string }> {
  return survey.variables
    .flatMap((raw) =>
      isRecord(raw) && typeof raw.id === 'string' ? [{ id: raw.id, name: typeof raw.name === 'string' ? raw.name : raw.id }] : [],
    )
    .slice(0, SHARE_PAGE_LIMITS.fields)
}

/** The codes of the survey's enabled languages, the default first. */
export function surveyLanguages(survey: Pick<SurveyRecord, 'languages'>): Array<{ code: string; default: boolean }> {
  return survey.languages
    .flatMap(stateLanguage)
    .filter((entry) => entry.enabled)
    .map((entry) => ({ code: entry.language.code, default: entry.default }))
    .sort((a, b) => Number(b.default) - Number(a.default))
}

/** An answer as text: lists joined by commas (an address's lines), objects as `key: value` pairs (a matrix). */
export function answerText(value: unknown, max: number = SHARE_PAGE_LIMITS.answerChars): string {
  const text = rawAnswerText(value, 0)
  return text.length > max ? `${text.slice(0, max)}…` : text
}

function rawAnswerText(value: unknown, depth: number): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (depth > 3) return '…'
  if (Array.isArray(value))
    return value
      .map((entry) => rawAnswerText(entry, depth + 1))
      .filter((entry) => entry.trim() !== '')
      .join(', ')
  if (isRecord(value))
    return Object.entries(value)
      .map(([key, entry]) => `${key}: ${rawAnswerText(entry, depth + 1)}`)
      .join('; ')
  return ''
}

/**
 * Where the page links an uploaded file: `?file=NAME` on the page itself for a public file of the survey's
 * environment on this server, or null (a file elsewhere, or a private one, which only a key of the environment
 * may read).
 */
export function shareFileHref(url: string, basePath: string, environmentId: string): string | null {
  let path: string
  try {
    path = new URL(url, 'http://canvass.invalid').pathname
  } catch {
    return null
  }
  const prefix = `${basePath}/storage/${encodeURIComponent(environmentId)}/public/`
  if (!path.startsWith(prefix) || path.slice(prefix.length).includes('/')) return null
  let name: string
  try {
    name = decodeURIComponent(path.slice(prefix.length))
  } catch {
    return null
  }
  // Through the page itself (`?file=`), relative to it: the file's own path names the environment, an id
  // the client routes take, which a read-only link carries none of (docs/results.md#what-it-never-shows).
  return name ? `?${new URLSearchParams({ file: name })}` : null
}

/** The name an uploaded file was given, without the `--fid--<uuid>` Canvass stores it under. */
export function uploadedFileName(url: string): string {
  const last = url.split(/[?#]/)[0]?.split('/').pop() ?? url
  let name = last
  try {
    name = decodeURIComponent(last)
  } catch {}
  return name.replace(/--fid--[0-9a-f-]{36}(?=\.[^.]*$)/i, '') || url
}

/** `1,234` */
export const formatCount = (value: number): string => groupDigits(value)

/** A date as the page shows it, in UTC: `2026-03-10 12:00 UTC`, in a `<time>` element. */
export function timeHtml(date: Date): string {
  const iso = date.toISOString()
  return `<time datetime="${iso}">${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC</time>`
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
