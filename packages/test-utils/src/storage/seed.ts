import { freshId } from './fresh-id'
import { createDisplay, createResponse, DEFAULT_CONTACT_LIMITS } from '@canvass/core'
import type {
  ContactAttributeLimits,
  ContactAttributesResult,
  ContactIdentity,
  CreateResponseCheck,
  CreateResponseResult,
  NewResponse,
  QuotaStore,
  ReportingStorage,
  SegmentRecord,
  Storage,
  SurveyRecord,
  WebhookDeliveryStore,
  WebhookStore,
} from '@canvass/core'
import * as assert from 'uvu/assert'
import type { UpkeepGroup } from './storage-test'

/** The storage's reporting port, for a check that reads back what it wrote (marked `needsReporting`). */
export function reportsOf(storage: Storage): ReportingStorage {
  if (!storage.reporting) throw new Error('this check reads through storage.reporting, which the storage lacks')
  return storage.reporting
}

/** The storage's webhook groups, for a test that uses them (marked `needsWebhooks`). */
export function hooksOf(storage: Storage): { webhooks: WebhookStore; webhookDeliveries: WebhookDeliveryStore } {
  const { webhooks, webhookDeliveries } = storage
  if (!webhooks || !webhookDeliveries)
    throw new Error('this test uses storage.webhooks and storage.webhookDeliveries, which the storage lacks')
  return { webhooks, webhookDeliveries }
}

/** The storage's quotas, for a test that uses them (marked `needsQuotas`). */
export function quotaStoreOf(storage: Storage): QuotaStore {
  if (!storage.quotas) throw new Error('this test uses storage.quotas, which the storage lacks')
  return storage.quotas
}

/** One of the storage's optional upkeep groups, for a test marked `needs` with it. */
export function groupOf<G extends UpkeepGroup>(storage: Storage, group: G): NonNullable<Storage[G]> {
  const found = storage[group]
  if (found === undefined) throw new Error(`this check uses storage.${group}, which the storage lacks`)
  return found as NonNullable<Storage[G]>
}

/** A fresh organization and project; every test seeds its own, so tests share nothing. */
export async function seedProject(storage: Storage) {
  const createdAt = new Date()
  const organizationId = freshId()
  const projectId = freshId()
  const environments = { production: freshId(), development: freshId() }
  await storage.projects.createOrganization({ id: organizationId, name: 'Conformance org', createdAt })
  await storage.projects.create({ id: projectId, organizationId, name: 'Conformance project', createdAt, environments, newId: freshId })
  return { organizationId, projectId, createdAt, ...environments }
}

/** A survey with the defaults of a create (docs/design.md, "Surveys"); `overrides` replace fields. */
export function makeSurvey(environmentId: string, overrides: Partial<SurveyRecord> = {}): SurveyRecord {
  const now = new Date()
  return {
    id: freshId(),
    environmentId,
    createdAt: now,
    updatedAt: now,
    name: 'Conformance survey',
    type: 'link',
    status: 'inProgress',
    createdBy: null,
    delay: 0,
    displayOption: 'displayOnce',
    displayLimit: null,
    displayPercentage: null,
    autoClose: null,
    autoComplete: null,
    closeOnDate: null,
    runOnDate: null,
    recontactDays: null,
    pin: null,
    redirectUrl: null,
    resultShareKey: null,
    showLanguageSwitch: null,
    isVerifyEmailEnabled: false,
    isBackButtonHidden: false,
    isAutoProgressingEnabled: false,
    segmentId: null,
    responseRetentionDays: null,
    questions: [{ id: 'q1', type: 'openText', headline: { default: 'How are you?' }, required: true }],
    endings: [],
    variables: [],
    blocks: [],
    welcomeCard: { enabled: false },
    hiddenFields: { enabled: true, fieldIds: [] },
    singleUse: { enabled: false, isEncrypted: false },
    languages: [],
    triggers: [],
    styling: null,
    surveyClosedMessage: null,
    productOverwrites: null,
    archivedAt: null,
    metadata: {},
    customCss: null,
    ...overrides,
  }
}

/** Inserts a survey built by `makeSurvey`. */
export async function seedSurvey(storage: Storage, environmentId: string, overrides: Partial<SurveyRecord> = {}) {
  const survey = makeSurvey(environmentId, overrides)
  await storage.surveys.insert(survey)
  return survey
}

/** Inserts a segment of the environment; `overrides` replace fields (its `surveys` are not stored). */
export async function seedSegment(storage: Storage, environmentId: string, overrides: Partial<SegmentRecord> = {}) {
  const now = new Date()
  const segment: SegmentRecord = {
    id: freshId(),
    environmentId,
    title: 'Conformance segment',
    description: null,
    isPrivate: false,
    filters: [],
    surveys: [],
    createdAt: now,
    updatedAt: now,
    ...overrides,
  }
  assert.is(await storage.segments.insert(segment, 1000), 'created')
  return segment
}

/** A response to create in `surveyId`, with empty answers; `overrides` replace fields. */
export function makeResponse(surveyId: string, overrides: Partial<NewResponse> = {}): NewResponse {
  return {
    id: freshId(),
    createdAt: new Date(),
    surveyId,
    finished: false,
    data: {},
    meta: {},
    ttc: {},
    variables: {},
    language: null,
    singleUseId: null,
    displayId: null,
    endingId: null,
    userId: null,
    newId: freshId,
    ...overrides,
  }
}

/**
 * The check of the client routes: environment checked, survey must accept submissions, and a survey with a
 * PIN only with its proof (`pinProven`, false unless given).
 */
export const clientCheck = (environmentId: string, pinProven = false): CreateResponseCheck => ({
  environmentId,
  requireAccepting: true,
  checkEnvironment: true,
  pinProven,
})

/** The check of the management routes: no status, environment-existence or PIN check. */
export const managementCheck = (environmentId: string): CreateResponseCheck => ({
  environmentId,
  requireAccepting: false,
  checkEnvironment: false,
  pinProven: true,
})

/**
 * Asserts the outcome is `created` with the response's own id, and returns it. `hasQuotas` (whether the survey
 * has quotas) is left to the tests of it (`quota-tests.ts`): seeding works on surveys with quotas too.
 */
export function expectCreated(result: CreateResponseResult, response: NewResponse): string {
  const { hasQuotas: _, ...created } = result as Extract<CreateResponseResult, { outcome: 'created' }>
  assert.equal(created, { outcome: 'created', id: response.id })
  return response.id
}

/** Creates a response through the management check and returns its id. */
export async function seedResponse(
  storage: Storage,
  environmentId: string,
  surveyId: string,
  overrides: Partial<NewResponse> = {},
): Promise<string> {
  const response = makeResponse(surveyId, overrides)
  return expectCreated(await createResponse(storage.responses, response, managementCheck(environmentId)), response)
}

/** Expected list order: `createdAt` descending, then `id` descending. */
export function byListOrder<T extends { createdAt: Date; id: string }>(a: T, b: T): number {
  const time = b.createdAt.getTime() - a.createdAt.getTime()
  if (time !== 0) return time
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
}

/**
 * Walks a list with keyset pages of `limit` as core does: each call returns up to `limit + 1` rows, the
 * extra row only telling that another page exists. Returns the ids in list order.
 */
export async function walkPages<T extends { createdAt: Date; id: string }>(
  limit: number,
  list: (after: { createdAt: Date; id: string } | undefined) => Promise<T[]>,
): Promise<string[]> {
  const ids: string[] = []
  let after: { createdAt: Date; id: string } | undefined
  for (let pages = 0; pages < 1000; pages++) {
    const rows = await list(after)
    assert.ok(rows.length <= limit + 1, `a page returns at most limit + 1 rows, got ${rows.length}`)
    const page = rows.slice(0, limit)
    ids.push(...page.map((row) => row.id))
    const last = page[page.length - 1]
    if (rows.length <= limit || !last) return ids
    after = { createdAt: last.createdAt, id: last.id }
  }
  throw new Error('the list never ended')
}

/** Runs `promise` and returns what it rejected with; fails when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  assert.unreachable('expected a rejection')
  return undefined
}

/** Strings that are no id of any row: unknown, empty, huge, hostile, or not storable as Postgres text. */
export const IMPOSSIBLE_IDS = ['no-such-id', '', ' ', 'x'.repeat(5000), "' or '1'='1", '%', '../..', '\u0000', 'a\u0000b', '😀', '\uD800']

/** Creates a display of the survey and returns its id. */
export async function seedDisplay(storage: Storage, environmentId: string, surveyId: string, userId: string | null = null) {
  const id = freshId()
  const result = await createDisplay(storage, {
    id,
    environmentId,
    surveyId,
    userId,
    responseId: null,
    createdAt: new Date(),
    newId: freshId,
  })
  assert.equal(result, { outcome: 'created', id })
  return id
}

/** `clientContacts.setAttributes` within `limits`, failing the test if the write crosses a bound. */
export async function setAttributes(
  storage: Storage,
  who: ContactIdentity,
  attributes: Record<string, string>,
  limits: ContactAttributeLimits = DEFAULT_CONTACT_LIMITS,
): Promise<ContactAttributesResult | null> {
  const result = await storage.clientContacts.setAttributes(who, attributes, limits)
  if (result && 'exceeded' in result) assert.unreachable(`setAttributes crossed ${result.exceeded}`)
  return result as ContactAttributesResult | null
}

/** A contact identity for `clientContacts`. */
export const identity = (environmentId: string, userId: string) => ({ environmentId, userId, now: new Date(), newId: freshId })
