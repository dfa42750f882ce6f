import type { InvalidParam } from '../../http/problem'
import type { SegmentRecord, SurveyRecord } from '../../ports/storage/index'
import { effectiveSurveyStatus } from './survey-status'
import { surveyBlocks } from './survey-structure'

/**
 * The reference's v3 survey document (docs/api.md, "Surveys in v3") and Canvass's survey, one into the other.
 * The two differ in three ways only: v3 text maps are keyed by real locale codes (`{"en-US": "Hi"}`) where
 * the stored survey keys its default language `default`; v3 languages are `{code, default, enabled}`; an app
 * survey's display settings, triggers and audience are grouped as `distribution` and `targeting`. Everything
 * else (blocks and their elements, logic, endings, hidden fields, variables) has one shape in both.
 */

/** The default language of a survey that lists none (the reference's workspaces default to it too). */
export const V3_DEFAULT_LANGUAGE = 'en-US'

/** A canonical locale code, as v3 takes them (`en-US`, `de-DE`, `zh-Hans-CN`). */
export const LOCALE_CODE = /^[a-z]{2}(?:-[A-Z][a-z]{3})?-[A-Z]{2}$/

/**
 * The visibility fields of a survey as an API key sees them (docs/api.md, "Survey visibility in v3"): Canvass
 * has no people, so no survey has an owner and every one is visible to the workspace.
 */
export const V3_KEY_VISIBILITY = {
  visibility: 'workspace',
  owner: null,
  access: { via: 'workspace', canManageVisibility: false },
} as const

/** The v3 `SurveyResource` of a stored survey. */
export function v3SurveyOutput(survey: SurveyRecord, workspaceId: string, segment: SegmentRecord | null, now: Date) {
  const { defaultLanguage, languages } = v3Languages(survey.languages)
  const out = (value: unknown) => renameDefaultKey(value, 'default', defaultLanguage)
  const isApp = survey.type !== 'link'
  return {
    id: survey.id,
    workspaceId,
    createdAt: survey.createdAt.toISOString(),
    updatedAt: survey.updatedAt.toISOString(),
    archivedAt: survey.archivedAt?.toISOString() ?? null,
    name: survey.name,
    type: survey.type,
    status: effectiveSurveyStatus(survey, now),
    metadata: out(survey.metadata ?? {}) as Record<string, unknown>,
    defaultLanguage,
    languages,
    welcomeCard: out(survey.welcomeCard ?? { enabled: false }),
    blocks: out(surveyBlocks(survey)) as unknown[],
    endings: out(survey.endings) as unknown[],
    hiddenFields: survey.hiddenFields ?? { enabled: false },
    variables: survey.variables,
    ...(isApp
      ? {
          distribution: {
            displayOption: survey.displayOption,
            displayPercentage: survey.displayPercentage,
            displayLimit: survey.displayLimit,
            recontactDays: survey.recontactDays,
            autoClose: survey.autoClose,
            autoComplete: survey.autoComplete,
            delay: survey.delay,
            triggers: survey.triggers.flatMap((trigger) => {
              const id = (trigger as { actionClass?: { id?: unknown } }).actionClass?.id
              return typeof id === 'string' ? [{ actionClassId: id }] : []
            }),
          },
          // The reference's `SurveyTargeting` has `filters` only (and no other property): Canvass's `segmentId` is
          // there only for a survey that targets a saved segment, which no document of the reference can ask for.
          targeting: {
            filters: segment?.filters ?? [],
            ...(segment && !segment.isPrivate ? { segmentId: segment.id } : {}),
          },
        }
      : {}),
    // The survey's own CSS as it was written (its source; what it compiled to is never shown).
    customCss: survey.customCss?.source ?? null,
    // Canvass's settings beyond the reference's document (docs/api.md, "Survey settings in v3").
    autoComplete: survey.autoComplete,
    closeOn: survey.closeOnDate?.toISOString() ?? null,
    singleUse: (survey.singleUse ?? null) as Record<string, unknown> | null,
    pin: survey.pin,
    isBackButtonHidden: survey.isBackButtonHidden,
    // The survey's own look, as stored (v1 writes keep it as sent).
    styling: isRecord(survey.styling) ? survey.styling : null,
    workspaceOverwrites: (survey.productOverwrites ?? null) as Record<string, unknown> | null,
    showLanguageSwitch: survey.showLanguageSwitch,
    ...V3_KEY_VISIBILITY,
  }
}

export type V3Survey = ReturnType<typeof v3SurveyOutput>

/** A language's alias for the stored shape: kept when the document gives one (a patch echoes it; only GET's value is taken). */
const aliasOf = (language: Record<string, unknown> | undefined) => (typeof language?.alias === 'string' ? { alias: language.alias } : {})

/** The default language and the v3 languages of a survey's stored `languages`. */
export function v3Languages(stored: readonly unknown[]) {
  const languages = stored.flatMap((entry) => {
    if (!isRecord(entry)) return []
    const language = isRecord(entry.language) ? entry.language : entry
    if (typeof language.code !== 'string') return []
    return [
      {
        code: language.code,
        alias: typeof language.alias === 'string' ? language.alias : null,
        default: entry.default === true,
        enabled: entry.enabled !== false,
      },
    ]
  })
  const defaultLanguage = languages.find((language) => language.default)?.code ?? V3_DEFAULT_LANGUAGE
  if (!languages.some((language) => language.default)) {
    languages.unshift({ code: defaultLanguage, alias: null, default: true, enabled: true })
  }
  return { defaultLanguage, languages }
}

/**
 * A v3 document's fields as a body of the v1 survey routes (`surveyCreateSchema`): text maps keyed
 * `default`, languages in the stored shape, `distribution` spread into the survey's fields and `targeting` as
 * its private segment. Locale keys that are not declared in `languages` are problems (`unsupported_locale`).
 */
export function v1BodyOf(
  document: Record<string, unknown>,
  defaultLanguage: string,
  newId: () => string,
  /** The languages the survey has, for a patch that sends none. */
  storedCodes: readonly string[] = [],
): { body: Record<string, unknown>; problems: InvalidParam[] } {
  const problems: InvalidParam[] = []
  const declared = new Set<string>([defaultLanguage, ...(document.languages === undefined ? storedCodes : [])])
  const languages = Array.isArray(document.languages) ? (document.languages as Array<Record<string, unknown>>) : []
  languages.forEach((language, index) => {
    if (language.default === true && language.code !== defaultLanguage)
      problems.push({ name: `languages.${index}.default`, reason: `Only the default language (${defaultLanguage}) may be the default` })
    declared.add(String(language.code))
  })
  const others = languages.filter((language) => language.code !== defaultLanguage)
  const body: Record<string, unknown> = {}
  for (const field of [
    'name',
    'status',
    'type',
    'closeOn',
    'singleUse',
    'pin',
    'isBackButtonHidden',
    'styling',
    'workspaceOverwrites',
  ] as const) {
    if (document[field] !== undefined) body[field] = document[field]
  }
  if (document.showLanguageSwitch !== undefined) body.showLanguageSwitch = document.showLanguageSwitch
  if (document.hiddenFields !== undefined) body.hiddenFields = { fieldIds: [], ...(document.hiddenFields as object) }
  if (document.styling !== undefined) body.styling = document.styling
  const into = (value: unknown, path: string) => toStoredText(value, path, defaultLanguage, declared, problems)
  if (document.metadata !== undefined) body.metadata = into(document.metadata, 'metadata')
  if (document.welcomeCard !== undefined) body.welcomeCard = into(document.welcomeCard, 'welcomeCard')
  if (document.endings !== undefined) body.endings = into(document.endings, 'endings')
  if (Array.isArray(document.blocks)) {
    // Block ids may be left out on create: the server makes them (the reference's rule).
    const blocks = document.blocks.map((block) => (isRecord(block) && block.id === undefined ? { id: newId(), ...block } : block))
    body.blocks = into(blocks, 'blocks')
  }
  if (Array.isArray(document.variables)) {
    body.variables = document.variables.map((variable) =>
      isRecord(variable) && variable.id === undefined ? { id: newId(), ...variable } : variable,
    )
  }
  if (document.languages !== undefined || others.length > 0) {
    body.languages =
      others.length === 0
        ? []
        : [
            {
              language: { code: defaultLanguage, ...aliasOf(languages.find((language) => language.code === defaultLanguage)) },
              default: true,
              enabled: true,
            },
            ...others.map((language) => ({
              language: { code: language.code, ...aliasOf(language) },
              default: false,
              enabled: language.enabled !== false,
            })),
          ]
  }
  if (isRecord(document.distribution)) {
    const distribution = document.distribution
    body.displayOption = distribution.displayOption ?? 'displayOnce'
    body.displayPercentage = distribution.displayPercentage ?? null
    body.displayLimit = distribution.displayLimit ?? null
    body.recontactDays = distribution.recontactDays ?? null
    body.autoClose = distribution.autoClose ?? null
    body.autoComplete = distribution.autoComplete ?? null
    body.delay = distribution.delay ?? 0
    const triggers = Array.isArray(distribution.triggers) ? distribution.triggers : []
    body.triggers = triggers.map((trigger) => ({ actionClass: { id: isRecord(trigger) ? trigger.actionClassId : undefined } }))
  }
  if (document.autoComplete !== undefined) {
    const inDistribution = isRecord(document.distribution) ? document.distribution.autoComplete : undefined
    if (inDistribution !== undefined && inDistribution !== document.autoComplete)
      problems.push({ name: 'autoComplete', reason: 'Must equal distribution.autoComplete, the same setting' })
    body.autoComplete = document.autoComplete
  }
  if (isRecord(document.targeting)) {
    const segmentId = document.targeting.segmentId
    // A saved segment is named, not copied: its own filters are not read from the document.
    body.segment =
      typeof segmentId === 'string' ? { isPrivate: false, id: segmentId, filters: [] } : { filters: document.targeting.filters }
  }
  return { body, problems }
}

/** `value` with every text map's `from` key renamed `to`; a text map is an object of strings holding `from`. */
export function renameDefaultKey(value: unknown, from: string, to: string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameDefaultKey(item, from, to))
  if (!isRecord(value)) return value
  if (isTextMap(value, from)) {
    return Object.fromEntries(Object.entries(value).map(([key, text]) => [key === from ? to : key, text]))
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renameDefaultKey(item, from, to)]))
}

/** `renameDefaultKey` into the stored form, with each locale key checked against the declared languages. */
function toStoredText(value: unknown, path: string, defaultLanguage: string, declared: Set<string>, problems: InvalidParam[]): unknown {
  if (Array.isArray(value)) return value.map((item, index) => toStoredText(item, `${path}.${index}`, defaultLanguage, declared, problems))
  if (!isRecord(value)) return value
  if (isTextMap(value, defaultLanguage)) {
    for (const key of Object.keys(value)) {
      if (declared.has(key)) continue
      problems.push({
        name: `${path}.${key}`,
        reason: LOCALE_CODE.test(key)
          ? `The locale ${key} is not declared in languages`
          : `Not a canonical locale code (such as en-US or de-DE)`,
        code: 'unsupported_locale',
      })
    }
    return Object.fromEntries(Object.entries(value).map(([key, text]) => [key === defaultLanguage ? 'default' : key, text]))
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, toStoredText(item, `${path}.${key}`, defaultLanguage, declared, problems)]),
  )
}

function isTextMap(value: Record<string, unknown>, key: string): boolean {
  const entries = Object.values(value)
  return Object.hasOwn(value, key) && entries.length > 0 && entries.every((text) => typeof text === 'string')
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
