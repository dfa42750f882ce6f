import type { ResponseRecord, SurveyRecord } from '../../ports/storage/index'
import { FORBIDDEN_QUESTION_IDS } from '../../schemas/survey'
import { surveyBlocks } from '../surveys/survey-structure'
import type { ValueMatch } from '../results/answer-resolution'
import { elementOptions, labelIn, resolveValue } from '../results/answer-resolution'

/**
 * The reference's v3 views of a stored response (docs/api.md, "Responses in v3"): `ResponseListItem` for a list
 * row and `ResponseResource` for one response. Answers are typed by the survey's current definition and
 * labelled in the response's language; nothing throws on an odd stored value: a value whose shape does not fit
 * its element, or whose key names no element, is carried verbatim in `unresolved[]`. Never shown: the IP
 * address and the contact attributes the response stored.
 */

type Json = Record<string, unknown>

/** The survey fields a view reads. */
export type ResponseViewSurvey = Pick<
  SurveyRecord,
  'id' | 'name' | 'updatedAt' | 'blocks' | 'questions' | 'languages' | 'hiddenFields' | 'variables'
>

/** A stored raw value as the views show it: text, a number, a list of texts or a map of texts. */
export type RawValue = string | number | string[] | Record<string, string>

export type { ValueMatch }

export interface Selection {
  optionId: string | null
  optionLabel: string | null
  rawValue: string
  match: ValueMatch
  rank?: number
}

export interface AnswerBase {
  position: number
  elementId: string
  elementType: string
  elementLabel: string
  durationSeconds?: number
}

export type Answer = AnswerBase & Json

export interface EmbeddedDatum {
  key: string
  kind: 'ingested' | 'computed' | 'reserved'
  type: 'string' | 'number' | 'boolean' | 'date'
  label: string
  value: string | number | boolean
}

export interface UnresolvedEntry {
  key: string
  rawValue: RawValue
  reason: 'elementNotInSurvey' | 'variableNotInSurvey' | 'valueShapeMismatch'
}

/** The longest time one element may have taken, in seconds (a day), as writes clamp it. */
export const MAX_ELEMENT_SECONDS = 86_400

export const ADDRESS_FIELD_IDS = ['addressLine1', 'addressLine2', 'city', 'state', 'zip', 'country'] as const
export const CONTACT_INFO_FIELD_IDS = ['firstName', 'lastName', 'email', 'phone', 'company'] as const

/**
 * Keys the survey runtime writes into `data` itself (a verified e-mail address, link parameters): never an
 * answer, never shown, unless an element of the survey has that id.
 */
export const SYSTEM_DATA_KEYS: ReadonlySet<string> = new Set([
  ...FORBIDDEN_QUESTION_IDS,
  'verify',
  'suToken',
  'lang',
  'preview',
  'startAt',
  'skipPrefilled',
  'offlineSupport',
])

/**
 * The auto-captured fields read from a response's stored `meta`, in the order they are shown. The IP address
 * is never shown; the response's own identity and timing (`responseId`, `finished`, `startedAt`, …) are
 * fields of the view already. `redactQuery` strips a URL's query string, where identifiers ride along.
 */
const RESERVED_CATALOG: ReadonlyArray<{ name: string; type: 'string' | 'number'; read: (meta: Json) => unknown; redactQuery?: true }> = [
  { name: 'source', type: 'string', read: (meta) => meta.source },
  { name: 'url', type: 'string', read: (meta) => meta.url, redactQuery: true },
  { name: 'country', type: 'string', read: (meta) => meta.country },
  { name: 'action', type: 'string', read: (meta) => meta.action },
  { name: 'browser', type: 'string', read: (meta) => userAgent(meta).browser },
  { name: 'os', type: 'string', read: (meta) => userAgent(meta).os },
  { name: 'deviceType', type: 'string', read: (meta) => userAgent(meta).device },
  { name: 'pagePath', type: 'string', read: (meta) => meta.pagePath },
  { name: 'pageReferrer', type: 'string', read: (meta) => meta.pageReferrer, redactQuery: true },
  ...(['utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent'] as const).map((name) => ({
    name,
    type: 'string' as const,
    read: (meta: Json) => meta[name],
  })),
  ...(['screenWidth', 'screenHeight', 'viewportWidth', 'viewportHeight'] as const).map((name) => ({
    name,
    type: 'number' as const,
    read: (meta: Json) => meta[name],
  })),
  { name: 'timezone', type: 'string', read: (meta) => meta.timezone },
]

/**
 * The names of the auto-captured catalog, those a view shows and those it never does (the IP address, the
 * response's own identity and timing): none is writable through `embeddedData`.
 */
export const RESERVED_EMBEDDED_NAMES: ReadonlySet<string> = new Set([
  ...RESERVED_CATALOG.map((entry) => entry.name),
  'ipAddress',
  'responseId',
  'surveyId',
  'finished',
  'language',
  'durationSeconds',
  'startedAt',
  'finishedAt',
])

/** Builds views of responses, doing each survey's work (labels, positions) once per survey and language. */
export function createV3ResponseViews(workspaceId: string) {
  const plans = new Map<string, Plan>()
  const planFor = (survey: ResponseViewSurvey, language: string | null) => {
    const { lookupKey, labelsLanguage } = labelContext(survey.languages, language)
    const key = `${survey.id} ${lookupKey}`
    let plan = plans.get(key)
    if (!plan) plans.set(key, (plan = buildPlan(survey, lookupKey, labelsLanguage)))
    return plan
  }

  const listItem = (response: ResponseRecord, survey: ResponseViewSurvey) => {
    const plan = planFor(survey, response.language)
    const { answers, unresolved } = answersOf(plan, response.data, response.ttc)
    const embedded = embeddedDataOf(plan, response)
    const durationSeconds = totalSeconds(response.ttc)
    return {
      id: response.id,
      surveyId: response.surveyId,
      surveyName: survey.name,
      workspaceId,
      createdAt: response.createdAt.toISOString(),
      updatedAt: response.updatedAt.toISOString(),
      finished: response.finished,
      endingId: response.endingId,
      language: response.language,
      ...(durationSeconds === undefined ? {} : { durationSeconds }),
      resolution: {
        labelPolicy: 'currentSurveyDefinition' as const,
        labelsLanguage: plan.labelsLanguage,
        surveyUpdatedAt: survey.updatedAt.toISOString(),
      },
      answers,
      embeddedData: embedded.embeddedData,
      unresolved: [...unresolved, ...embedded.unresolved],
      tags: tagsOf(response.tags),
    }
  }

  /** The list item with `contact`, `displayId`, `singleUseId` and `data` (answers only: no hidden field, no system key). */
  const resource = (response: ResponseRecord, survey: ResponseViewSurvey) => {
    const plan = planFor(survey, response.language)
    return {
      ...listItem(response, survey),
      contact: response.person ? { id: response.person.id, userId: response.person.userId } : null,
      displayId: response.displayId,
      singleUseId: response.singleUseId,
      data: Object.fromEntries(Object.entries(response.data).filter(([key]) => isShownDataKey(plan, key))),
    }
  }

  return { listItem, resource }
}

export type V3ResponseListItem = ReturnType<ReturnType<typeof createV3ResponseViews>['listItem']>
export type V3ResponseResource = ReturnType<ReturnType<typeof createV3ResponseViews>['resource']>

interface Plan {
  lookupKey: string
  labelsLanguage: string | null
  elements: Map<string, { element: Json; position: number; label: string }>
  /** Hidden field ids that are no element's id: their values live in `data` but are no answers. */
  hiddenFieldIds: Set<string>
  variables: Array<{ id: string; name: string; type: 'number' | 'string'; value: unknown }>
}

function buildPlan(survey: ResponseViewSurvey, lookupKey: string, labelsLanguage: string | null): Plan {
  const list = (surveyBlocks(survey) as Array<{ elements?: unknown }>).flatMap((block) =>
    Array.isArray(block.elements) ? (block.elements.filter(isRecord) as Json[]) : [],
  )
  const elements = new Map<string, { element: Json; position: number; label: string }>()
  list.forEach((element, index) => {
    const id = String(element.id)
    if (!elements.has(id)) elements.set(id, { element, position: index + 1, label: plainText(localize(element.headline, lookupKey)) || id })
  })
  const hidden = isRecord(survey.hiddenFields) && Array.isArray(survey.hiddenFields.fieldIds) ? survey.hiddenFields.fieldIds : []
  const hiddenFieldIds = new Set(hidden.filter((id): id is string => typeof id === 'string' && !elements.has(id)))
  const variables = survey.variables.filter(isRecord).map((variable) => ({
    id: String(variable.id),
    name: typeof variable.name === 'string' ? variable.name : String(variable.id),
    type: variable.type === 'number' ? ('number' as const) : ('string' as const),
    value: variable.value,
  }))
  return { lookupKey, labelsLanguage, elements, hiddenFieldIds, variables }
}

/** The i18n key a response's labels are read with (`default` for the default language) and its public code. */
export function labelContext(languages: readonly unknown[], language: string | null): { lookupKey: string; labelsLanguage: string | null } {
  const entries = languages.filter(isRecord).flatMap((entry) => {
    const inner = isRecord(entry.language) ? entry.language : entry
    return typeof inner.code === 'string' ? [{ code: inner.code, default: entry.default === true }] : []
  })
  const defaultCode = entries.find((entry) => entry.default)?.code ?? null
  if (!language || language === 'default') return { lookupKey: 'default', labelsLanguage: defaultCode }
  const matched = entries.find((entry) => entry.code.toLowerCase() === language.toLowerCase())
  if (!matched || matched.default) return { lookupKey: 'default', labelsLanguage: defaultCode }
  return { lookupKey: matched.code, labelsLanguage: matched.code }
}

/** A survey text in one language; a missing or blank translation falls back to the default, as the widget shows it. */
function localize(value: unknown, lookupKey: string): string {
  if (typeof value === 'string') return value
  if (!isRecord(value)) return ''
  const localized = value[lookupKey]
  if (typeof localized === 'string' && localized.trim() !== '') return localized
  return typeof value.default === 'string' ? value.default : ''
}

/** Rich text as plain text: tags dropped, recall placeholders (`#recall:id/fallback:text#`) as their fallback. */
function plainText(text: string): string {
  return text
    .replace(/#recall:[^#/]*\/fallback:([^#]*)#/g, (_, fallback: string) => fallback.replace(/nbsp/g, ' ').trim())
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .trim()
}

function answersOf(plan: Plan, data: Json, ttc: Record<string, number>): { answers: Answer[]; unresolved: UnresolvedEntry[] } {
  const answers: Answer[] = []
  const unresolved: UnresolvedEntry[] = []
  for (const [key, raw] of Object.entries(data)) {
    if (plan.hiddenFieldIds.has(key) || raw === null || raw === undefined) continue
    const entry = plan.elements.get(key)
    if (!entry) {
      if (!SYSTEM_DATA_KEYS.has(key)) unresolved.push({ key, rawValue: raw as RawValue, reason: 'elementNotInSurvey' })
      continue
    }
    const seconds = elementSeconds(ttc[key])
    const base: AnswerBase = {
      position: entry.position,
      elementId: key,
      elementType: String(entry.element.type),
      elementLabel: entry.label,
      ...(seconds === undefined ? {} : { durationSeconds: seconds }),
    }
    const answer = answerOf(entry.element, raw, base, plan.lookupKey)
    if (answer) answers.push(answer)
    else unresolved.push({ key, rawValue: raw as RawValue, reason: 'valueShapeMismatch' })
  }
  answers.sort((a, b) => a.position - b.position)
  return { answers, unresolved }
}

/** One stored value as the answer shape of its element's type, or `null` when its shape does not fit. */
export function answerOf(element: Json, raw: unknown, base: AnswerBase, lookupKey: string): Answer | null {
  const type = String(element.type)
  switch (type) {
    case 'openText': {
      if (typeof raw !== 'string') return null
      const inputType = ['text', 'email', 'url', 'number', 'phone'].includes(String(element.inputType))
        ? { inputType: element.inputType }
        : {}
      return { ...base, valueText: raw, ...inputType }
    }
    case 'nps':
      return typeof raw === 'number' ? { ...base, valueNumber: raw, range: { min: 0, max: 10 } } : null
    case 'rating':
    case 'csat':
    case 'ces': {
      if (typeof raw !== 'number') return null
      const max = typeof element.range === 'number' ? element.range : type === 'ces' ? 7 : 5
      const scale = ['number', 'smiley', 'star'].includes(String(element.scale)) ? { scale: element.scale } : {}
      return { ...base, valueNumber: raw, range: { min: 1, max }, ...scale }
    }
    case 'consent':
      return typeof raw === 'string' ? { ...base, valueBoolean: raw === 'accepted', rawValue: raw } : null
    case 'cta':
      return typeof raw === 'string' ? { ...base, valueBoolean: raw === 'clicked', rawValue: raw } : null
    case 'cal':
      return typeof raw === 'string' ? { ...base, booked: raw === 'booked', rawValue: raw } : null
    case 'date':
      return typeof raw === 'string' ? { ...base, valueDate: raw } : null
    case 'fileUpload':
      return isStringArray(raw) ? { ...base, fileUrls: raw, fileCount: raw.length } : null
    case 'address':
    case 'contactInfo': {
      const ids = type === 'address' ? ADDRESS_FIELD_IDS : CONTACT_INFO_FIELD_IDS
      // Every slot, blanks too: a dropped slot would move the later values onto the wrong field.
      if (!isStringArray(raw) || raw.length > ids.length) return null
      const fields = ids.map((fieldId, slot) => {
        const config = element[fieldId]
        return {
          slot,
          fieldId,
          fieldLabel: isRecord(config) ? localize(config.placeholder, lookupKey) : '',
          valueText: raw[slot] ?? '',
        }
      })
      return { ...base, fields }
    }
    case 'matrix': {
      if (!isStringRecord(raw)) return null
      const rows = elementOptions(element, 'rows')
      const columns = elementOptions(element, 'columns')
      // Stored by the row's and column's labels in the respondent's language, resolved in any of the survey's.
      return {
        ...base,
        rows: Object.entries(raw).map(([rawKey, rawValue]) => {
          const row = resolveValue(rows, rawKey, lookupKey).option
          const column = resolveValue(columns, rawValue, lookupKey)
          return {
            rawKey,
            rowId: row?.id ?? null,
            rowLabel: row ? labelIn(row, lookupKey) : rawKey,
            columnId: column.option?.id ?? null,
            columnLabel: column.option ? labelIn(column.option, lookupKey) : null,
            rawValue,
            match: column.match,
          }
        }),
      }
    }
    case 'multipleChoiceSingle':
      return typeof raw === 'string' ? { ...base, selections: [selectionOf(raw, element, lookupKey)] } : null
    case 'multipleChoiceMulti':
    case 'pictureSelection':
      return isStringArray(raw) ? { ...base, selections: raw.map((value) => selectionOf(value, element, lookupKey)) } : null
    case 'ranking':
      return isStringArray(raw)
        ? { ...base, selections: raw.map((value, index) => selectionOf(value, element, lookupKey, index + 1)) }
        : null
    default:
      return null
  }
}

/**
 * A stored choice resolved against the element's options in every language (docs/api.md, "Answers in every
 * language"): an option's id (`exact`), its label (`label`), the element's Other input when it has one
 * (`other`), else `unmatched` with the raw value. The label shown is the response's language's.
 */
function selectionOf(raw: string, element: Json, lookupKey: string, rank?: number): Selection {
  const ranked = rank === undefined ? {} : { rank }
  const { option, match } = resolveValue(elementOptions(element, 'choices'), raw, lookupKey)
  return { optionId: option?.id ?? null, optionLabel: option ? labelIn(option, lookupKey) || null : null, rawValue: raw, match, ...ranked }
}

/**
 * `embeddedData[]`: each field by its name, the key a write's `embeddedData` takes (a hidden field's id is its
 * name; a variable is stored under its id, which is not shown). Keys are unique per `kind`: a hidden field and
 * a variable of one name, or a declared field and a captured one, are both shown, told apart by `kind`.
 */
function embeddedDataOf(plan: Plan, response: ResponseRecord): { embeddedData: EmbeddedDatum[]; unresolved: UnresolvedEntry[] } {
  const embeddedData: EmbeddedDatum[] = []
  for (const id of plan.hiddenFieldIds) {
    const value = asString(response.data[id])
    if (value !== undefined) embeddedData.push({ key: id, kind: 'ingested', type: 'string', label: id, value })
  }
  const declared = new Set<string>()
  for (const variable of plan.variables) {
    declared.add(variable.id)
    const value = coerce(response.variables[variable.id], variable.type) ?? coerce(variable.value, variable.type)
    if (value !== undefined) embeddedData.push({ key: variable.name, kind: 'computed', type: variable.type, label: variable.name, value })
  }
  const meta = response.meta
  for (const entry of RESERVED_CATALOG) {
    let value = coerce(entry.read(meta), entry.type)
    if (value === undefined) continue
    if (entry.redactQuery && typeof value === 'string') value = withoutQuery(value)
    embeddedData.push({ key: entry.name, kind: 'reserved', type: entry.type, label: titleCase(entry.name), value })
  }
  const unresolved: UnresolvedEntry[] = []
  for (const [key, raw] of Object.entries(response.variables)) {
    if (!declared.has(key) && raw !== null && raw !== undefined)
      unresolved.push({ key, rawValue: raw as RawValue, reason: 'variableNotInSurvey' })
  }
  return { embeddedData, unresolved }
}

/** Whether a `data` key is shown in the resource's `data`: answers and unknown keys, never a hidden field or a system key. */
function isShownDataKey(plan: Plan, key: string): boolean {
  if (plan.hiddenFieldIds.has(key)) return false
  return plan.elements.has(key) || !SYSTEM_DATA_KEYS.has(key)
}

/** The sum of the per-element times in seconds (`_total` left out), each clamped to a day; absent when none. */
export function totalSeconds(ttc: Record<string, unknown>): number | undefined {
  let total = 0
  let counted = false
  for (const [key, value] of Object.entries(ttc)) {
    if (key === '_total') continue
    const seconds = elementSeconds(value)
    if (seconds === undefined) continue
    total += seconds
    counted = true
  }
  return counted ? Math.round(total * 1000) / 1000 : undefined
}

function elementSeconds(milliseconds: unknown): number | undefined {
  if (typeof milliseconds !== 'number' || !Number.isFinite(milliseconds)) return undefined
  return Math.round(Math.min(Math.max(milliseconds, 0), MAX_ELEMENT_SECONDS * 1000)) / 1000
}

function tagsOf(tags: readonly unknown[]): Array<{ id: string; name: string }> {
  return tags.filter(isRecord).map((tag) => ({ id: String(tag.id), name: String(tag.name) }))
}

function coerce(value: unknown, type: 'string' | 'number'): string | number | undefined {
  if (type === 'number') {
    if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value)
    return undefined
  }
  return asString(value)
}

function asString(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined
  if (typeof value === 'boolean') return String(value)
  return undefined
}

function withoutQuery(url: string): string {
  const cut = url.search(/[?#]/)
  return cut === -1 ? url : url.slice(0, cut)
}

/** `deviceType` → `Device Type`. */
function titleCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase())
}

function userAgent(meta: Json): Json {
  return isRecord(meta.userAgent) ? meta.userAgent : {}
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string')
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((entry) => typeof entry === 'string')
}
