/**
 * What the shared results page (`share-page.ts`) reads from a survey and how it writes numbers, dates and
 * answers: small pure helpers shared by its tabs. Every text a helper returns is already escaped for HTML.
 */
import { groupDigits } from '../group-digits'
import { escapeHtml } from '../http/html'
import type { SurveyRecord } from '../ports/storage'
import { stateLanguage } from '../domain/environment-state'

/** How much of anything the page shows, so that its size is bounded whatever the survey and its answers. */
export const SHARE_PAGE_LIMITS = {
  /** Latest answers per open question, hidden field or variable on the summary tab. */
  latestAnswers: 5,
  /** Answers per page of one field's answers list. */
  answersPerPage: 50,
  /** Responses per page of the responses tab. */
  responsesPerPage: 20,
  /** "Other" values listed under a choice question. */
  otherValues: 50,
  /** Bars of one chart (choices, ranking) and rows of a matrix. */
  chartRows: 100,
  /** Columns of a matrix. */
  matrixColumns: 20,
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

/**
 * A stored text in the default language (or the first there is), with recall placeholders
 * (`#recall:id/fallback:text#`) shown as their fallback.
 */
export function plainText(value: unknown): string {
  const raw =
    typeof value === 'string'
      ? value
      : isRecord(value)
        ? typeof value.default === 'string'
          ? value.default
          : ((Object.values(value).find((entry) => typeof entry === 'string') as string | undefined) ?? '')
        : ''
  return raw.replace(/#recall:[^#/]*\/fallback:([^#]*)#/g, (_, fallback: string) => fallback.replaceAll('nbsp', ' ').trim() || '…')
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

/** `33.3%`, or a dash when there is nothing to take a share of. */
export const formatPercent = (value: number | null | undefined): string =>
  value === null || value === undefined ? '–' : `${groupDigits(Number(value.toFixed(1)))}%`

/** `4.2 s`, `3 min 5 s`, `2 h 10 min`, or a dash. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '–'
  const seconds = ms / 1000
  if (seconds < 60) return `${Number(seconds.toFixed(1))} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ${Math.round(seconds - minutes * 60)} s`
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

/** A date as the page shows it, in UTC: `2026-03-10 12:00 UTC`, in a `<time>` element. */
export function timeHtml(date: Date): string {
  const iso = date.toISOString()
  return `<time datetime="${iso}">${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC</time>`
}

/**
 * A number the browser test reads: a `<data>` element with the exact value in `value` (empty for none),
 * `data-cv` naming what it is and `attrs` (`data-question`…) naming of what, the value shown as `text`.
 */
export function numberHtml(cv: string, value: number | null | undefined, text: string, attrs: Record<string, string> = {}): string {
  const extra = Object.entries(attrs)
    .map(([name, entry]) => ` data-${name}="${escapeHtml(entry)}"`)
    .join('')
  return `<data class="cv-num" data-cv="${cv}"${extra} value="${value ?? ''}">${escapeHtml(text)}</data>`
}

/** A horizontal bar of `percentage` (0–100), for the eye only: the numbers are beside it in text. */
export function barHtml(percentage: number | null | undefined, tone = ''): string {
  const width = Math.max(0, Math.min(100, percentage ?? 0))
  return (
    `<svg class="cv-bar" aria-hidden="true" focusable="false"><rect class="cv-bar-track" width="100%" height="100%" rx="4"></rect>` +
    `<rect class="cv-bar-fill${tone ? ` cv-tone-${tone}` : ''}" width="${width}%" height="100%" rx="4"></rect></svg>`
  )
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
