import type { InvalidParam } from '../../http/problem'
import type { JsonObject, SurveyRecord } from '../../ports/storage/index'
import { answerProblems, patternBudget } from './element-validation'
import { RESERVED_EMBEDDED_NAMES } from './v3-response-view'
import { surveyBlocks } from '../surveys/survey-structure'
import { v3Languages } from '../surveys/v3-survey'

/**
 * The rules of a v3 response write that depend on its survey (docs/api.md, "Responses in v3"): each broken rule
 * is one `invalid_params` entry of a 422; and where a write's `embeddedData` goes (hidden fields into `data`,
 * variables into `variables`).
 */

type Json = Record<string, unknown>

/** The survey facts a write is checked against. */
export interface WriteSurvey {
  environmentId: string
  elementIds: Set<string>
  /** Each element by its id, for the checks of its answer (`element-validation.ts`). */
  elements: Map<string, Json>
  hiddenFieldIds: Set<string>
  variables: Array<{ id: string; name: string }>
  endingIds: Set<string>
  /** Language codes a response may name: `default`, the default language's code and every enabled one. */
  languages: Set<string>
}

export function writeSurveyOf(
  survey: Pick<SurveyRecord, 'environmentId' | 'blocks' | 'questions' | 'hiddenFields' | 'variables' | 'endings' | 'languages'>,
): WriteSurvey {
  const elements = new Map(
    (surveyBlocks(survey) as Array<{ elements?: unknown }>)
      .flatMap((block) => (Array.isArray(block.elements) ? block.elements.filter(isRecord) : []))
      .map((element) => [String(element.id), element] as const),
  )
  const elementIds = new Set(elements.keys())
  const hidden = isRecord(survey.hiddenFields) && Array.isArray(survey.hiddenFields.fieldIds) ? survey.hiddenFields.fieldIds : []
  const { languages } = v3Languages(survey.languages)
  return {
    environmentId: survey.environmentId,
    elementIds,
    elements,
    hiddenFieldIds: new Set(hidden.filter((id): id is string => typeof id === 'string' && !elementIds.has(id))),
    variables: survey.variables
      .filter(isRecord)
      .map((variable) => ({ id: String(variable.id), name: String(variable.name ?? variable.id) })),
    endingIds: new Set(survey.endings.filter(isRecord).map((ending) => String(ending.id))),
    languages: new Set([
      'default',
      ...languages.filter((language) => language.enabled || language.default).map((language) => language.code),
    ]),
  }
}

/**
 * The 422 entries of the survey-dependent rules: ending, language, `data` keys, each answer `data` carries
 * against its element (`element-validation.ts`; only the answers sent, so a patch without `data` checks none),
 * `embeddedData` names.
 */
export function writeProblems(
  survey: WriteSurvey,
  input: {
    data?: JsonObject | undefined
    endingId?: string | null | undefined
    language?: string | null | undefined
    embeddedData?: Json | undefined
  },
): InvalidParam[] {
  const problems: InvalidParam[] = []
  const answers = { environmentId: survey.environmentId, patternSteps: patternBudget() }
  if (input.endingId != null && !survey.endingIds.has(input.endingId))
    problems.push({ name: 'endingId', reason: 'Names no ending of this survey', code: 'invalid_reference', referenceType: 'ending' })
  if (input.language != null && !survey.languages.has(input.language))
    problems.push({
      name: 'language',
      reason: 'Not a language enabled on this survey',
      code: 'unsupported_locale',
      referenceType: 'language',
    })
  for (const [key, value] of Object.entries(input.data ?? {})) {
    const element = survey.elements.get(key)
    if (element) problems.push(...answerProblems(element, value, answers))
    else if (survey.hiddenFieldIds.has(key))
      problems.push({
        name: `data.${key}`,
        reason: 'A hidden field: send it in embeddedData',
        code: 'unsupported_field',
        referenceType: 'hiddenField',
        identifier: key,
      })
  }
  problems.push(...embeddedProblems(survey, input.embeddedData ?? {}))
  return problems
}

/** Where one `embeddedData` name goes, when it names exactly one hidden field or variable. */
function resolveName(survey: WriteSurvey, name: string): Array<{ kind: 'ingested' | 'computed'; key: string }> {
  const found: Array<{ kind: 'ingested' | 'computed'; key: string }> = []
  if (survey.hiddenFieldIds.has(name)) found.push({ kind: 'ingested', key: name })
  for (const variable of survey.variables)
    if (variable.id === name || variable.name === name) found.push({ kind: 'computed', key: variable.id })
  return found
}

function embeddedProblems(survey: WriteSurvey, embedded: Json): InvalidParam[] {
  const problems: InvalidParam[] = []
  const addressed = new Map<string, string>()
  for (const name of Object.keys(embedded)) {
    const found = resolveName(survey, name)
    const at = `embeddedData.${name}`
    if (found.length === 0) {
      const reserved = RESERVED_EMBEDDED_NAMES.has(name)
      problems.push({
        name: at,
        reason: reserved ? 'An auto-captured field: it is not writable' : 'Names no hidden field or variable of this survey',
        code: reserved ? 'read_only_field' : 'invalid_reference',
        identifier: name,
      })
      continue
    }
    if (found.length > 1) {
      problems.push({ name: at, reason: 'Names more than one hidden field or variable', code: 'duplicate_identifier', identifier: name })
      continue
    }
    const target = `${found[0]?.kind} ${found[0]?.key}`
    const before = addressed.get(target)
    if (before !== undefined)
      problems.push({
        name: at,
        reason: `Addresses the same field as ${before}`,
        code: 'duplicate_identifier',
        identifier: name,
        conflictsWith: before,
      })
    else addressed.set(target, name)
  }
  return problems
}

/**
 * `data` and `variables` with `embeddedData` applied (call after `writeProblems` found none): a hidden field's
 * value into `data` under its id, a variable's into `variables` under its id; `null` removes the value.
 */
export function applyEmbeddedData(
  survey: WriteSurvey,
  data: JsonObject,
  variables: JsonObject,
  embedded: Json,
): { data: JsonObject; variables: JsonObject } {
  const nextData = { ...data }
  const nextVariables = { ...variables }
  for (const [name, value] of Object.entries(embedded)) {
    const [target] = resolveName(survey, name)
    if (!target) continue
    const into = target.kind === 'ingested' ? nextData : nextVariables
    if (value === null) delete into[target.key]
    else into[target.key] = target.kind === 'ingested' && typeof value !== 'string' ? String(value) : value
  }
  return { data: nextData, variables: nextVariables }
}

/** `ttc` as stored: each value clamped to [0, a day], the server's `_total` left out (the write adds its own). */
export function clampTtc(ttc: Record<string, number>, maxMs: number): Record<string, number> {
  return Object.fromEntries(
    Object.entries(ttc)
      .filter(([key]) => key !== '_total')
      .map(([key, value]) => [key, Math.min(Math.max(value, 0), maxMs)]),
  )
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
