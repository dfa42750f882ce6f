import UAParser from 'ua-parser-js'
import type { JsonObject, NewResponse, ResponsePatch, ResponseRecord } from '../../ports/storage/index'
import type { ResponseCreateInput, ResponseUpdateInput } from '../../schemas/response'

/**
 * The API form of a stored response (spec Response table). Without `contactAttributes` (a console caller below
 * owner: `readsContactAttributes`), the contact's attributes are left out: `person.attributes` is empty and
 * `personAttributes`/`contactAttributes` are null, as for a response without them; the contact's ids stay.
 */
export function responseOutput(
  response: Omit<ResponseRecord, 'environmentId'>,
  view: { contactAttributes: boolean } = { contactAttributes: true },
) {
  const attributes = view.contactAttributes ? response.personAttributes : null
  return {
    id: response.id,
    createdAt: response.createdAt.toISOString(),
    updatedAt: response.updatedAt.toISOString(),
    surveyId: response.surveyId,
    finished: response.finished,
    data: response.data,
    variables: response.variables,
    ttc: response.ttc,
    meta: response.meta,
    language: response.language,
    singleUseId: response.singleUseId,
    displayId: response.displayId,
    endingId: response.endingId,
    notes: response.notes,
    tags: response.tags,
    person: response.person && {
      id: response.person.id,
      userId: response.person.userId,
      environmentId: response.person.environmentId,
      attributes: view.contactAttributes ? response.person.attributes : {},
      createdAt: response.person.createdAt.toISOString(),
      updatedAt: response.person.updatedAt.toISOString(),
    },
    personAttributes: attributes,
    // The reference's current names for the two above.
    contact: response.person && { id: response.person.id, userId: response.person.userId },
    contactAttributes: attributes,
  }
}

/** The survey of a webhook event, as it was when the response was written (its status at that time). */
export interface EventSurvey {
  id: string
  name: string
  type: string
  status: string
  /** Null only for an event stored before Canvass kept the survey's dates with it. */
  createdAt: Date | null
  updatedAt: Date | null
}

/**
 * The `data` of a webhook event of a response (`responseCreated`, `responseUpdated`, `responseFinished`): the
 * response as the API shows it (`responseOutput`) and its survey. Storage adapters build every event's data with
 * it, from the response as it was written (docs/webhooks-and-uploads.md, "What a delivery holds").
 */
export function responseEventData(response: Omit<ResponseRecord, 'environmentId'>, survey: EventSurvey) {
  return { ...responseOutput(response), survey: eventSurveyOutput(survey) }
}

/**
 * `data.survey` of a webhook event: the reference's fields (`title` is the survey's name; dates as ISO text),
 * then Canvass's own `id` and `name`, which receivers written for Canvass read.
 */
export function eventSurveyOutput(survey: EventSurvey) {
  return {
    title: survey.name,
    type: survey.type,
    status: survey.status,
    createdAt: survey.createdAt?.toISOString() ?? null,
    updatedAt: survey.updatedAt?.toISOString() ?? null,
    id: survey.id,
    name: survey.name,
  }
}

/** A new response from a validated create body; the server fills `meta.userAgent` (docs/design.md, "Responses and displays"). */
export function newResponse(
  input: ResponseCreateInput,
  userAgent: string | null,
  ids: { id: string; newId: () => string; now: Date },
): NewResponse {
  const meta: JsonObject = { ...input.meta }
  if (userAgent) meta.userAgent = describeUserAgent(userAgent)
  return {
    id: ids.id,
    createdAt: ids.now,
    surveyId: input.surveyId,
    finished: input.finished,
    data: input.data,
    meta,
    ttc: withTotal(input.ttc ?? {}, input.finished),
    variables: input.variables ?? {},
    language: input.language ?? null,
    singleUseId: input.singleUseId ?? null,
    displayId: input.displayId ?? null,
    endingId: input.endingId ?? null,
    userId: input.userId ?? null,
    newId: ids.newId,
  }
}

/**
 * The patch of an update: `data`, `variables` and `ttc` are shallow-merged into the stored ones, `endingId`
 * and `language` change only when sent, and `ttc._total` is recomputed when the response ends finished.
 */
export function responsePatch(current: ResponseRecord, input: ResponseUpdateInput, now: Date): ResponsePatch {
  const finished = input.finished ?? current.finished
  const patch: ResponsePatch = {
    updatedAt: now,
    finished,
    data: { ...current.data, ...input.data },
    variables: { ...current.variables, ...input.variables },
    ttc: withTotal({ ...current.ttc, ...input.ttc }, finished),
  }
  if (input.endingId !== undefined) patch.endingId = input.endingId
  if (input.language !== undefined) patch.language = input.language
  return patch
}

/**
 * Whether writing `patch` would change what `current` holds (its `updatedAt` aside): a respondent's update that
 * sends what is stored already is not written, so it records no webhook event (docs/webhooks-and-uploads.md).
 * Answers compare as JSON values, whatever the order of their keys.
 */
export function patchChanges(current: ResponseRecord, patch: ResponsePatch): boolean {
  if (patch.finished !== undefined && patch.finished !== current.finished) return true
  if (patch.language !== undefined && patch.language !== current.language) return true
  if (patch.endingId !== undefined && patch.endingId !== current.endingId) return true
  for (const field of ['data', 'variables', 'ttc', 'meta'] as const) {
    const value = patch[field]
    if (value !== undefined && !sameJson(value, current[field])) return true
  }
  return false
}

/** Deep equality of JSON values; objects compare by their keys, in any order. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((item, index) => sameJson(item, b[index]))
  }
  const aKeys = Object.keys(a)
  if (aKeys.length !== Object.keys(b).length) return false
  const bRecord = b as Record<string, unknown>
  return aKeys.every((key) => Object.hasOwn(bRecord, key) && sameJson((a as Record<string, unknown>)[key], bRecord[key]))
}

/** Sets `_total` to the sum of the per-question times once a response is finished. */
function withTotal(ttc: Record<string, number>, finished: boolean): Record<string, number> {
  if (!finished) return ttc
  let total = 0
  for (const [key, value] of Object.entries(ttc)) if (key !== '_total') total += value
  return { ...ttc, _total: total }
}

type UserAgentInfo = { browser?: string; os?: string; device: string }

/**
 * Respondents share a few hundred user agents; parsing one costs ~60 µs, so results are kept. One cache for the
 * process, on purpose: a parse is the same for every Canvass instance, and the cache is bounded.
 */
const userAgentCache = new Map<string, UserAgentInfo>()
const USER_AGENT_CACHE_SIZE = 1000

function describeUserAgent(userAgent: string): UserAgentInfo {
  const key = userAgent.slice(0, 1024)
  const cached = userAgentCache.get(key)
  if (cached) return { ...cached }
  const result = new UAParser(key).getResult()
  const info: UserAgentInfo = { device: result.device.type ?? 'desktop' }
  if (result.browser.name) info.browser = result.browser.name
  if (result.os.name) info.os = result.os.name
  // Oldest first out: Map keeps insertion order.
  if (userAgentCache.size >= USER_AGENT_CACHE_SIZE) userAgentCache.delete(userAgentCache.keys().next().value as string)
  userAgentCache.set(key, info)
  return { ...info }
}
